import { PendingScreen } from '../../components/pending-screen';

export function BookPage() {
  return <PendingScreen title="Booking" />;
}
