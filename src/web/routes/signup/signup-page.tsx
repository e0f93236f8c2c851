import { PendingScreen } from '../../components/pending-screen';

export function SignupPage() {
  return <PendingScreen title="Create Account" />;
}
