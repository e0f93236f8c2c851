import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '../../../core/product';
import { useTheme } from '../../lib/use-theme';
import { loadToastLibrary, onToastWanted, toasterMounted } from '../../lib/toast';

type Sonner = Awaited<ReturnType<typeof loadToastLibrary>>;

function MountedToaster({ sonner }: { sonner: Sonner }) {
  const { theme } = useTheme();
  // Effects run child-first, so the Toaster has subscribed before this fires.
  useEffect(() => {
    toasterMounted();
  }, []);
  return <sonner.Toaster position="top-right" duration={TOAST_DURATION_MS} theme={theme} richColors closeButton />;
}

/**
 * Toasts top-right, closing after 3000 ms. The library arrives after the first
 * paint; if it cannot be fetched (offline), the page carries on without toasts.
 */
export function ToasterHost() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(
    () =>
      onToastWanted(() => {
        loadToastLibrary().then(setSonner, () => {});
      }),
    [],
  );
  return sonner ? <MountedToaster sonner={sonner} /> : null;
}
