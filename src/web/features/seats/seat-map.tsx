import { useRef, useState } from 'react';
import type { SeatMapAnswer } from '../../../core/seats';
import { useCurrency } from '../../lib/currency-context';
import { formatInr } from '../../lib/format';
import { moveCursor } from './seat-grid';
import './seat-map.css';

const STATE_WORDS = { free: 'free', taken: 'taken', held: 'held', safar: 'taken', blocked: 'not available' } as const;

/**
 * A cabin's seat map drawn from the data: one grid row per seat row, an aisle gap between blocks,
 * each seat a button named for screen readers ("12A, window, exit row, ₹450"). One seat is in the
 * tab order (roving tabindex); arrow keys, Home and End move between seats, Enter or Space picks.
 * Prices show in the selected currency with the INR amount. Nothing is pre-selected.
 * With `freeOnly` (web check-in) only seats free for the booking can be picked; paid seats keep
 * their price and say they are chosen at booking.
 * @example <SeatMap answer={map} selected="12A" onPick={(seat) => choose(seat)} />
 */
export function SeatMap({ answer, selected, onPick, freeOnly = false }: { answer: SeatMapAnswer; selected: string | null; onPick: (seat: string) => void; freeOnly?: boolean }) {
  const { format, currency } = useCurrency();
  const offers = new Map(answer.seats.map((s) => [s.seat, s]));
  const rows = answer.map.rows.map((r) => ({ row: r.row, letters: r.seats.map((s) => s.letter) }));
  const first = answer.seats.find((s) => s.state === 'free')?.seat ?? answer.seats[0]?.seat ?? '';
  const [cursor, setCursor] = useState(selected ?? first);
  const grid = useRef<HTMLDivElement>(null);
  const price = (paise: number) => (paise === 0 ? 'free' : currency === 'INR' ? formatInr(paise / 100) : `${format(paise / 100)} (${formatInr(paise / 100)})`);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const next = moveCursor(rows, cursor, event.key);
    if (next !== cursor) {
      event.preventDefault();
      setCursor(next);
      grid.current?.querySelector<HTMLButtonElement>(`[data-seat="${next}"]`)?.focus();
    }
  };

  return (
    <div className="seat-map">
      <ul className="seat-map__legend" aria-label="Legend">
        <li><span className="seat-map__swatch seat-map__swatch--free" aria-hidden="true" /> Free seat</li>
        <li><span className="seat-map__swatch seat-map__swatch--paid" aria-hidden="true" /> {freeOnly ? 'Paid seat (chosen at booking only)' : 'Paid seat (price shown)'}</li>
        <li><span className="seat-map__swatch seat-map__swatch--taken" aria-hidden="true" /> Taken</li>
        <li><span className="seat-map__swatch seat-map__swatch--chosen" aria-hidden="true" /> Your choice</li>
        <li><span aria-hidden="true">EX</span> Exit row · <span aria-hidden="true">XL</span> Extra legroom</li>
      </ul>
      <div className="seat-map__scroll">
        <div ref={grid} role="grid" aria-label={`Seat map, ${answer.map.aircraftName}, ${answer.cabin}`} className="seat-map__grid" onKeyDown={onKeyDown}>
          {answer.map.rows.map((r) => (
            <div role="row" key={r.row} className="seat-map__row">
              <span role="rowheader" className="seat-map__row-number">{r.row}</span>
              {answer.map.blocks.map((block, b) => (
                <div key={block.join('')} className="seat-map__block" data-aisle-after={b < answer.map.blocks.length - 1 ? 'true' : undefined}>
                  {block.map((letter) => {
                    const seat = r.seats.find((s) => s.letter === letter);
                    const code = `${r.row}${letter}`;
                    if (!seat) return <span key={letter} className="seat-map__gap" role="gridcell" aria-label={`${code}, no seat`} />;
                    const offer = offers.get(code);
                    const open = offer?.state === 'free' || code === selected;
                    const paid = (offer?.pricePaise ?? 0) > 0;
                    const free = open && !(freeOnly && paid && code !== selected);
                    const tags = [seat.tags.includes('exit') ? 'exit row' : null, seat.tags.includes('xl') ? 'extra legroom' : null].filter((t): t is string => t !== null);
                    const state = open ? price(offer?.pricePaise ?? 0) : STATE_WORDS[offer?.state ?? 'blocked'];
                    const label = [code, seat.kind, ...tags, state, open && !free ? 'paid seats are chosen at booking' : null, code === selected ? 'your choice' : null].filter((t): t is string => t !== null).join(', ');
                    return (
                      <span role="gridcell" key={letter}>
                        <button
                          type="button"
                          data-seat={code}
                          tabIndex={code === cursor ? 0 : -1}
                          aria-label={label}
                          aria-pressed={code === selected}
                          aria-disabled={!free}
                          className={`seat-map__seat${open ? (paid ? ' seat-map__seat--paid' : ' seat-map__seat--free') : ' seat-map__seat--taken'}${code === selected ? ' seat-map__seat--chosen' : ''}`}
                          onFocus={() => setCursor(code)}
                          onClick={() => free && onPick(code)}
                        >
                          <span aria-hidden="true">{seat.tags.includes('exit') ? 'EX' : seat.tags.includes('xl') ? 'XL' : letter}</span>
                        </button>
                      </span>
                    );
                  })}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
