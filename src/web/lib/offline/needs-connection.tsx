import { WifiOff } from 'lucide-react';
import { NEEDS_CONNECTION_MESSAGE } from './connection';

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
