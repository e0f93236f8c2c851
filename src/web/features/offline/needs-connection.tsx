import { WifiOff } from 'lucide-react';

/** Booking and paying need a live answer from the server, so they are never queued offline. */
export const NEEDS_CONNECTION_MESSAGE = "You're offline. Booking and payment need an internet connection — reconnect to continue.";

/**
 * Said in place, next to a button that needs the network, while the device is offline.
 * @example {!online && <NeedsConnection />}
 */
export function NeedsConnection({ message = NEEDS_CONNECTION_MESSAGE }: { message?: string }) {
  return (
    <p className="needs-connection" role="status">
      <WifiOff aria-hidden="true" size={16} /> {message}
    </p>
  );
}
