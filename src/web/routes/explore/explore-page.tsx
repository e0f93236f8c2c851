import { PendingScreen } from '../../components/pending-screen';

export function ExplorePage() {
  return <PendingScreen title="Explore the World" />;
}
