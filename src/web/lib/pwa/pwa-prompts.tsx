import { Download, RefreshCw, Share, X } from 'lucide-react';
import { useState } from 'react';
import { PRODUCT_NAME } from '../../../core/product';
import { notify } from '../toast';
import { acceptInstall, closeIosHint, dismissInstall } from './pwa-actions';
import type { PwaState } from './pwa-state';
import './pwa.css';

/** What the install prompt tells the traveller at each step. */
const INSTALL_MESSAGES = {
  installing: 'Installing...',
  installed: `${PRODUCT_NAME} installed successfully!`,
  cancelled: 'Installation cancelled',
  later: `You can install ${PRODUCT_NAME} anytime from your browser menu`,
} as const;

const UPDATE_MESSAGE = `A new version of ${PRODUCT_NAME} is available`;

/**
 * The bottom install prompt, the iPhone/iPad "Add to Home Screen" hint and the new-version notice.
 * @example <PwaPrompts state={getPwaState()} />
 */
export function PwaPrompts({ state }: { state: PwaState }) {
  return (
    <div className="pwa-prompts">
      {state.applyUpdate && <UpdateNotice apply={state.applyUpdate} />}
      {state.installPrompt && <InstallPrompt />}
      {state.iosHint && !state.installPrompt && <IosHint />}
    </div>
  );
}

function UpdateNotice({ apply }: { apply: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="pwa-card pwa-update" role="status">
      <RefreshCw aria-hidden="true" size={20} />
      <p className="pwa-text">
        {UPDATE_MESSAGE} —{' '}
      </p>
      <button
        type="button"
        className="btn btn-primary btn-small"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          // Activates the waiting version, then reloads into it.
          void apply().catch(() => window.location.reload());
        }}
      >
        Refresh
      </button>
    </div>
  );
}

function InstallPrompt() {
  const later = () => {
    dismissInstall();
    notify.info(INSTALL_MESSAGES.later);
  };
  return (
    <section className="pwa-card pwa-install" aria-labelledby="pwa-install-title">
      <img src="/icons/icon-96.png" alt="" width={48} height={48} className="pwa-icon" />
      <div className="pwa-text">
        <h2 id="pwa-install-title">Install {PRODUCT_NAME}</h2>
        <p>Add {PRODUCT_NAME} to your home screen: quick to open, and your tickets and boarding passes work without a signal.</p>
      </div>
      <div className="pwa-actions">
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => {
            notify.info(INSTALL_MESSAGES.installing);
            void acceptInstall().then((outcome) => {
              if (outcome === 'accepted') notify.success(INSTALL_MESSAGES.installed);
              else notify.info(INSTALL_MESSAGES.cancelled);
            });
          }}
        >
          <Download aria-hidden="true" size={16} /> Install
        </button>
        <button type="button" className="btn btn-small" onClick={later}>
          Later
        </button>
      </div>
      <button type="button" className="icon-btn pwa-close" aria-label="Close" onClick={later}>
        <X aria-hidden="true" size={18} />
      </button>
    </section>
  );
}

function IosHint() {
  return (
    <section className="pwa-card pwa-install" aria-labelledby="pwa-ios-title">
      <img src="/icons/icon-96.png" alt="" width={48} height={48} className="pwa-icon" />
      <div className="pwa-text">
        <h2 id="pwa-ios-title">Keep your trip on your Home Screen</h2>
        <p>
          Tap <Share aria-label="Share" size={16} className="pwa-inline-icon" /> Share, then <strong>Add to Home Screen</strong>, to open {PRODUCT_NAME} like an app
          and see your tickets offline.
        </p>
      </div>
      <button type="button" className="icon-btn pwa-close" aria-label="Close" onClick={closeIosHint}>
        <X aria-hidden="true" size={18} />
      </button>
    </section>
  );
}
