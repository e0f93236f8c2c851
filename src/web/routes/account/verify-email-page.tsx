import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { ACCOUNT_MESSAGES } from '../../../core/account';
import { useDocumentTitle } from '../../components/page-title';
import { confirmEmailChange, verifyEmail } from '../../features/auth/account-client';
import { QueryScope } from '../../lib/query-scope';
import { refreshSession } from '../../lib/use-session';
import '../../features/auth/auth-form.css';
import { linkToken } from './link-token';

/** Spends the link in a location hash: an email change (`#change=`) or a verification (`#token=`). */
function spendLink(hash: string) {
  const change = linkToken(hash, 'change');
  if (change) return confirmEmailChange(change);
  const token = linkToken(hash, 'token');
  if (token) return verifyEmail(token);
  return Promise.reject(new Error(ACCOUNT_MESSAGES.tokenInvalid));
}

/** Opens a verification (`#token=`) or email-change (`#change=`) link from the mail. */
export function VerifyEmailPage() {
  return (
    <QueryScope>
      <VerifyEmail />
    </QueryScope>
  );
}

function VerifyEmail() {
  useDocumentTitle('Verify Email');
  const { mutate: spend, status, data, error } = useMutation({ mutationFn: spendLink, onSuccess: () => void refreshSession() });
  // StrictMode runs effects twice; a token is spent once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    spend(window.location.hash);
  }, [spend]);

  const message =
    status === 'success' ? data.message : status === 'error' ? (error instanceof Error && error.message ? error.message : ACCOUNT_MESSAGES.tokenInvalid) : 'Checking your link...';
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Verify Email</h1>
        <p className="auth-message" role={status === 'error' ? 'alert' : 'status'}>
          {message}
        </p>
        {status === 'success' || status === 'error' ? (
          <Link href="/settings" className="btn btn-primary">
            Go to Settings
          </Link>
        ) : null}
      </div>
    </div>
  );
}
