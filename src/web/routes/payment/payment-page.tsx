import { PendingScreen } from '../../components/pending-screen';

export function PaymentPage() {
  return <PendingScreen title="Payment" />;
}
