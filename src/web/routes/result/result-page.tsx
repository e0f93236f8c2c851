import { PendingScreen } from '../../components/pending-screen';

export function ResultPage() {
  return <PendingScreen title="Flight Results" />;
}
