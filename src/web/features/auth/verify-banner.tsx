import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../core/account';
import { notify } from '../../lib/toast';
import { accountQuery, resendVerification } from './account-client';
import './verify-banner.css';

/**
 * "Please verify your email address", with a "Resend" the server limits to 5 an hour; nothing
 * once the address is verified. For signed-in screens (Profile, Settings).
 * @example <VerifyBanner />
 */
export function VerifyBanner() {
  const account = useQuery(accountQuery());
  const [busy, setBusy] = useState(false);
  if (!account.data || account.data.emailVerified) return null;
  return (
    <section className="verify-banner" aria-label="Email verification">
      <p>{ACCOUNT_MESSAGES.verifyBanner}</p>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          resendVerification()
            .then(
              (answer) => notify.success(answer.message),
              (error: unknown) => notify.error(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.'),
            )
            .finally(() => setBusy(false));
        }}
      >
        {busy ? 'Sending...' : 'Resend verification link'}
      </button>
    </section>
  );
}
