import { UserCheck } from 'lucide-react';
import type { SavedTravellerView } from '../../../core/personal-data';
import { travellerName } from './fill-from-saved';
import './personal-data.css';

interface Props {
  index: number;
  travellers: readonly SavedTravellerView[];
  onPick(traveller: SavedTravellerView): void;
}

/**
 * One button per saved traveller on a passenger card: one click fills the card.
 * @example <SavedTravellerPicker index={0} travellers={list} onPick={(t) => fill(0, t)} />
 */
export function SavedTravellerPicker({ index, travellers, onPick }: Props) {
  if (travellers.length === 0) return null;
  return (
    <div className="pd-picker" role="group" aria-label={`Fill passenger ${index + 1} from saved travellers`}>
      <span className="muted small">Saved:</span>
      {travellers.map((t) => (
        <button key={t.id} type="button" className="btn btn-small pd-chip" onClick={() => onPick(t)} aria-label={`Fill passenger ${index + 1} with ${travellerName(t)}`}>
          <UserCheck aria-hidden="true" size={14} /> {travellerName(t)}
        </button>
      ))}
    </div>
  );
}
