import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ACCOUNT_MESSAGES } from '../../../core/account';
import { useDocumentTitle } from '../../components/page-title';
import { confirmEmailChange, verifyEmail } from '../../features/auth/account-client';
import { refreshSession } from '../../lib/use-session';
import '../../features/auth/auth-form.css';
import { linkToken } from './link-token';

/** Opens a verification (`#token=`) or email-change (`#change=`) link from the mail. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify Email');
  const [state, setState] = useState<{ status: 'working' | 'done' | 'failed'; message: string }>({ status: 'working', message: 'Checking your link...' });
  // StrictMode runs effects twice; a token is spent once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const change = linkToken(window.location.hash, 'change');
    const token = linkToken(window.location.hash, 'token');
    const work = change ? confirmEmailChange(change) : token ? verifyEmail(token) : Promise.reject(new Error(ACCOUNT_MESSAGES.tokenInvalid));
    work.then(
      (answer) => {
        setState({ status: 'done', message: answer.message });
        void refreshSession();
      },
      (error: unknown) => setState({ status: 'failed', message: error instanceof Error && error.message ? error.message : ACCOUNT_MESSAGES.tokenInvalid }),
    );
  }, []);

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Verify Email</h1>
        <p className="auth-message" role={state.status === 'failed' ? 'alert' : 'status'}>
          {state.message}
        </p>
        {state.status === 'working' ? null : (
          <Link href="/settings" className="btn btn-primary">
            Go to Settings
          </Link>
        )}
      </div>
    </div>
  );
}
