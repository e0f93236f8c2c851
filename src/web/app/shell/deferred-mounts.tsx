import { ChatbotMount } from '../../features/chatbot/chatbot-mount';
import { NoticesMount } from '../../features/notifications/notices-mount';
import { OfflineSyncMount } from './offline-sync-mount';
import { PwaMount } from '../../lib/pwa/pwa-mount';
import { WalletMount } from '../../features/wallet/wallet-mount';

/**
 * The shell's pieces that no first paint needs: the wallet button, in-app notices, the install
 * and update prompts, offline sync and the help chatbot. The shell loads them together once the
 * page is idle.
 * @example const DeferredMounts = lazy(() => import('./shell/deferred-mounts'));
 */
export default function DeferredMounts() {
  return (
    <>
      <WalletMount />
      <NoticesMount />
      <PwaMount />
      <OfflineSyncMount />
      <ChatbotMount />
    </>
  );
}
