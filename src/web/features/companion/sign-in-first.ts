import { AUTH_MESSAGES } from '../../../core/auth';
import { notify } from '../../lib/toast';
import { rememberReturnTo } from '../auth/return-to';

/**
 * A signed-out visitor asked for a group: the sign-in message, then /login, remembering this page
 * and `state` so signing in comes back with the dialog open. Loaded on that click only, so the
 * results page does not carry the auth schemas.
 * @example signInFirst('/result?from=DEL…', { companionFor: itinerary.id }, navigate)
 */
export function signInFirst(path: string, state: Record<string, unknown>, navigate: (to: string) => void): void {
  rememberReturnTo(path, state);
  notify.error(AUTH_MESSAGES.loginRequired);
  navigate('/login');
}
