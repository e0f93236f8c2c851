import { type Statement, joinStatements, q, rawText } from '../../db/raw';

/**
 * Every change of seat counts goes through here. A `flight_inventory` row counts its seats in
 * three states (available + held + sold = capacity) and seats only ever move between them:
 * a hold takes available → held, a confirmation held → sold, an expiry or a cancellation
 * held → available, the demand simulator available → sold. Every move bumps the row's version.
 *
 * The lock order, the one rule that keeps concurrent moves from deadlocking: a transaction that
 * changes a booking locks the booking row first, then its inventory rows in (flightId, cabin)
 * order, compared byte by byte (`lockOrder` in TypeScript, `lockOrderSql` in SQL: the same
 * order, since `collate "C"` compares bytes and ids are ASCII). Every path that moves seats on
 * more than one row takes them in that order.
 */

/** Where a seat can be: free to sell, held by a booking awaiting payment, or sold. */
type SeatState = 'available' | 'held' | 'sold';

/** An inventory row's key. */
export interface InventoryKey {
  flightId: string;
  cabin: string;
}

/**
 * The lock order of inventory rows: by flight id, then cabin, byte by byte.
 * @example legs.sort(lockOrder)
 */
function lockOrder(a: InventoryKey, b: InventoryKey): number {
  if (a.flightId !== b.flightId) return a.flightId < b.flightId ? -1 : 1;
  return a.cabin < b.cabin ? -1 : a.cabin > b.cabin ? 1 : 0;
}

/**
 * A copy of `rows` in lock order.
 * @example for (const seg of inLockOrder(segments)) …
 */
export function inLockOrder<T extends InventoryKey>(rows: readonly T[]): T[] {
  return [...rows].sort(lockOrder);
}

/**
 * The lock order as an SQL `order by` list over a relation `alias` with flight_id and cabin.
 * @example q`select … from booking_segments s order by ${lockOrderSql('s')}`
 */
export function lockOrderSql(alias: string): Statement {
  return rawText(`${alias}.flight_id collate "C", ${alias}.cabin collate "C"`);
}

/** The columns a move returns: the row's counts after it (an `InventoryChange`). */
const RETURNING = `i.flight_id as "flightId", i.cabin, i.available, i.held, i.sold, i.version`;

export interface SeatMove {
  from: SeatState;
  to: SeatState;
  /** How many seats: a bound value (`q\`${n}::int\``) or an expression over `using`. */
  seats: Statement;
  /** Which rows (the target is aliased `i`), e.g. q`i.flight_id = ${id} and i.cabin = ${cabin}`. */
  where: Statement;
  /** Relations the condition and the count read (UPDATE … FROM). */
  using?: Statement | undefined;
  /**
   * Move only when `from` has the seats; a row without them is left alone and not returned
   * (default). `false` leaves the check to the table's constraint (the statement fails).
   */
  onlyIfThere?: boolean | undefined;
  /** More columns to return before the row's counts. */
  returning?: Statement | undefined;
}

/**
 * One UPDATE moving seats between two states on the rows `where` picks; returns each moved
 * row's counts after the move.
 * @example await queryRows<InventoryChange>(tx, moveSeats({ from: 'held', to: 'available', seats: q`${2}::int`, where: q`i.flight_id = ${id} and i.cabin = ${cabin}` }))
 */
export function moveSeats(move: SeatMove): Statement {
  const { from, to, seats } = move;
  const there = move.onlyIfThere === false ? q`` : q` and i.${rawText(from)} >= (${seats})`;
  return q`update flight_inventory i set ${rawText(from)} = i.${rawText(from)} - (${seats}), ${rawText(to)} = i.${rawText(to)} + (${seats}),
      version = i.version + 1, updated_at = now()
    ${move.using ? q`from ${move.using}` : q``}
    where (${move.where})${there}
    returning ${move.returning ? q`${move.returning}, ` : q``}${rawText(RETURNING)}`;
}

/**
 * Moves as CTE steps `${name}0 … ${name}n-1`, each running only once the step before it moved
 * its row, so a statement moving several legs locks them one after another in the order given
 * (the caller gives them in lock order) and stops at the first leg without the seats. `moved`
 * selects every step's rows; `last` is the last step's name.
 * @example const { steps, moved } = chainedMoves(legs.map((leg) => ({ from: 'available', to: 'held', seats: q`${n}::int`, where: q`i.flight_id = ${leg.flightId} and i.cabin = ${leg.cabin}` })))
 */
export function chainedMoves(moves: readonly SeatMove[], name = 'leg'): { steps: Statement; moved: Statement; last: Statement } {
  const step = (i: number) => rawText(`${name}${i}`);
  const steps = moves.map((move, i) => q`${step(i)} as (${moveSeats(i === 0 ? move : { ...move, where: q`${move.where} and exists (select 1 from ${step(i - 1)})` })})`);
  return {
    steps: joinStatements(steps, ', '),
    moved: joinStatements(moves.map((_, i) => q`select * from ${step(i)}`), ' union all '),
    last: step(moves.length - 1),
  };
}
