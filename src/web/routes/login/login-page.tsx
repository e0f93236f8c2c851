import { PendingScreen } from '../../components/pending-screen';

export function LoginPage() {
  return <PendingScreen title="Sign In" />;
}
