import { type Disruption, type Entitlements, FREE_SWITCH_MINUTES, REASONS } from '../../core/disruptions';
import { CABIN_LABELS } from '../../core/search-options';
import { money } from '../refunds/words';

/**
 * Disruptions in plain words: what changed and why ("6E 2134 Delhi → Mumbai on 15 Jan is
 * cancelled because of fog"), and the rights in one line ("Meals due from 2 h; switch free to the
 * 16:40 flight, or take a full refund of ₹6,212"). Times are the local times of the airport.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "10:00" from a local ISO time. */
const clock = (local: string) => local.slice(11, 16);

/** "15 Jan" from a local ISO time. */
function dayWords(local: string): string {
  return `${Number(local.slice(8, 10))} ${MONTHS[Number(local.slice(5, 7)) - 1] ?? ''}`;
}

/** A local time, with its date when it falls on another day than `reference` ("00:15 on 16 Jan"). */
function timeWords(local: string, reference: string): string {
  return local.slice(0, 10) === reference.slice(0, 10) ? clock(local) : `${clock(local)} on ${dayWords(local)}`;
}

/**
 * Minutes as hours and minutes: "45 min", "2 h", "3 h 30 min".
 * @example durationWords(210) // '3 h 30 min'
 */
export function durationWords(minutes: number): string {
  const m = Math.abs(minutes);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

/** How long before departure something was announced: "10 hours", "3 days", "5 weeks". */
function noticeWords(disruption: Disruption): string {
  const hours = (Date.parse(disruption.scheduled.departure) - Date.parse(disruption.announcedAt)) / 3_600_000;
  if (hours < 1) return `${Math.max(0, Math.round(hours * 60))} minutes`;
  if (hours < 48) return `${Math.round(hours)} hours`;
  const days = Math.round(hours / 24);
  return days < 21 ? `${days} days` : `${Math.round(days / 7)} weeks`;
}

/** The reason as a "because of" phrase, naming the root of a late inbound aircraft. */
function becauseWords(disruption: Disruption): string {
  const reason = REASONS[disruption.reason].words;
  if (disruption.reason === 'late-inbound' && disruption.rootReason !== 'late-inbound') return `${reason} (held up by ${REASONS[disruption.rootReason].words})`;
  return reason;
}

/**
 * What changed and why, in one or two sentences.
 * @example whatChanged(cancellation, { from: 'Delhi', to: 'Mumbai' }) // '6E 2134 Delhi → Mumbai on 15 Jan at 10:00 is cancelled because of fog. The airline announced it 10 hours before departure.'
 */
export function whatChanged(disruption: Disruption, cities: { from: string; to: string }): string {
  const departure = disruption.scheduled.departure;
  const flight = `${disruption.flightNumber} ${cities.from} → ${cities.to} on ${dayWords(departure)}`;
  const because = becauseWords(disruption);
  switch (disruption.kind) {
    case 'cancellation':
      return `${flight} at ${clock(departure)} is cancelled because of ${because}. The airline announced it ${noticeWords(disruption)} before departure.`;
    case 'delay':
      return `${flight} now leaves at ${timeWords(disruption.expected.departure, departure)} instead of ${clock(departure)}, ${durationWords(disruption.delayMinutes)} late, because of ${because}.`;
    case 'retiming':
      return `${flight} has a new time: ${timeWords(disruption.expected.departure, departure)} instead of ${clock(departure)} (${durationWords(disruption.shiftMinutes)} ${disruption.shiftMinutes > 0 ? 'later' : 'earlier'}), because of ${because}. The airline announced it ${noticeWords(disruption)} before departure.`;
    case 'aircraft-swap': {
      const lost = disruption.cabinsLost.map((cabin) => CABIN_LABELS[cabin]);
      const seats = lost.length ? `${lost.join(' and ')} ${lost.length === 1 ? 'is' : 'are'} not on board, and seats may change.` : 'The seat map changes, so your seat may change.';
      return `${flight} will fly on an ${disruption.toAircraftName} instead of the planned aircraft, because of ${because}. ${seats}`;
    }
    case 'gate-change':
      return `${flight} now boards at gate ${disruption.toGate} instead of gate ${disruption.fromGate}.`;
    case 'terminal-change':
      return `${flight} now leaves from Terminal ${disruption.toTerminal} instead of Terminal ${disruption.fromTerminal}.`;
    case 'denied-boarding':
      return `${flight} was overbooked and you were not let on board. ${disruption.alternateDeparture ? `The next flight offered leaves at ${timeWords(disruption.alternateDeparture, departure)}.` : 'No other flight was offered.'}`;
    case 'downgrade':
      return `${flight} has no ${CABIN_LABELS[disruption.fromCabin]} seat for you: you fly in ${CABIN_LABELS[disruption.toCabin]}.`;
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The rights in one line, for a booking's affected passenger-legs (all for the same disruption):
 * food and hotel, the choices with the refund for everyone, and compensation owed by the airline.
 * `alternative`: the departure of the flight Safar would move the traveller to, when known.
 * @example noticeLine([rights], { departure: '2027-01-15T16:40:00+05:30' }) // 'Meals due from 2 h; switch free to the 16:40 flight, or take a full refund of ₹6,212'
 */
export function noticeLine(list: Entitlements[], alternative: { departure: string } | null = null): string {
  const first = list[0];
  if (!first) return '';
  const parts: string[] = [];
  const meals = first.facilities.find((f) => f.kind === 'meals');
  const hotel = first.facilities.some((f) => f.kind === 'hotel');
  const food = meals ? (meals.fromMinutes === 0 ? 'meals while you wait for your new flight' : `meals due from ${durationWords(meals.fromMinutes)}`) : null;
  if (food || hotel) parts.push([food, hotel ? 'a hotel room with transfers' : null].filter(Boolean).join(' and '));

  const choices: string[] = [];
  const another = first.options.find((o) => o.kind === 'another-flight');
  const downgraded = list.filter((e) => e.downgradeRefund);
  if (downgraded.length) choices.push(`fly in ${CABIN_LABELS[downgraded[0]?.downgradeRefund?.toCabin ?? 'economy']} with ${money(downgraded.reduce((sum, e) => sum + (e.downgradeRefund?.amountPaise ?? 0), 0))} back`);
  // Safar's offer (±24 h), at least the rules' own window.
  if (another) choices.push(alternative ? `switch free to the ${clock(alternative.departure)} flight` : `switch free to another flight within ${durationWords(Math.max(FREE_SWITCH_MINUTES, another.withinMinutes))} of the original`);
  else if (alternative && first.options.some((o) => o.kind === 'accept' && o.what === 'protected-flight')) choices.push(`fly on the ${clock(alternative.departure)} flight`);
  const refund = list.reduce((sum, e) => sum + (e.options.find((o) => o.kind === 'full-refund')?.refundPaise ?? 0), 0);
  const extra = list.reduce((sum, e) => {
    const option = e.options.find((o) => o.kind === 'full-refund');
    return sum + (option?.kind === 'full-refund' ? option.compensationPaise : 0);
  }, 0);
  if (first.options.some((o) => o.kind === 'full-refund')) choices.push(`take a full refund of ${money(refund)}${extra > 0 ? ` plus ${money(extra)} compensation` : ''}`);
  if (choices.length) parts.push(choices.length === 1 ? (choices[0] ?? '') : `${choices.slice(0, -1).join(', ')}, or ${choices.at(-1) ?? ''}`);

  const owed = list.reduce((sum, e) => sum + (e.compensation.due ? e.compensation.amountPaise : 0), 0);
  if (owed > 0) parts.push(`the airline owes you ${money(owed)} compensation${first.options.some((o) => o.kind === 'full-refund' && o.compensationPaise > 0) ? ' if you fly' : ''}`);
  else if (first.compensation.due === false && first.compensation.why === 'extraordinary') parts.push(`no compensation: ${REASONS[first.rootReason].words} is outside the airline's control`);

  return parts.length ? capitalise(parts.join('; ')) : 'No action needed';
}

/** "16 Jan 10:00" in India time from a UTC instant. */
function istWords(instant: string): string {
  const local = new Date(Date.parse(instant) + 330 * 60_000).toISOString();
  return `${dayWords(local)} ${clock(local)}`;
}

/**
 * What the airline owes and how to claim it, or why nothing is owed; null when compensation is
 * not a question (a gate or terminal change, an aircraft swap keeping the cabin).
 * @example compensationWords([rights], 'IndiGo') // 'IndiGo owes you ₹5,000 compensation under DGCA's rules. The airline pays it, not Safar: claim it from IndiGo with your PNR (at the airport or through its customer support).'
 */
export function compensationWords(list: Entitlements[], airline: string): string | null {
  const first = list[0];
  if (!first) return null;
  const owed = list.reduce((sum, e) => sum + (e.compensation.due ? e.compensation.amountPaise : 0), 0);
  if (owed > 0) return `${airline} owes you ${money(owed)} compensation under DGCA's rules. The airline pays it, not Safar: claim it from ${airline} with your PNR (at the airport or through its customer support).`;
  if (first.compensation.due) return null;
  switch (first.compensation.why) {
    case 'extraordinary':
      return `No compensation is due: ${REASONS[first.rootReason].words} is outside the airline's control.`;
    case 'notice-14-days-or-more':
      return 'No compensation is due: the airline told you 14 days or more before departure.';
    case 'notice-24-hours-or-more':
      return 'No compensation is due: the airline told you 24 hours or more before departure.';
    case 'delay':
      return 'No compensation is due for a delay; meals and a hotel are due as shown.';
    case 'retiming':
      return 'No compensation is due for a new time announced in advance.';
    default:
      return null;
  }
}

/**
 * What happens if the traveller does nothing, in one sentence.
 * @example deadlineWords({ at: '2027-01-15T04:30:00.000Z', action: 'keep-protected-flight' }, { departure: '2027-01-15T16:40:00+05:30', flightNumber: '6E 2136' }) // 'If you do nothing by 15 Jan 10:00, you keep the 16:40 flight (6E 2136), and can still change it free until it leaves.'
 */
export function deadlineWords(deadline: { at: string; action: 'keep-protected-flight' | 'refund' | 'keep-booking' } | null, protectedFlight: { departure: string; flightNumber: string } | null, kind: Disruption['kind']): string | null {
  if (!deadline) return null;
  const by = `If you do nothing by ${istWords(deadline.at)}`;
  switch (deadline.action) {
    case 'keep-protected-flight':
      return protectedFlight
        ? `${by}, you keep the ${clock(protectedFlight.departure)} flight (${protectedFlight.flightNumber}), and can still change it free until it leaves.`
        : `${by}, Safar refunds you in full automatically (no other flight has seats).`;
    case 'refund':
      return `${by}, Safar refunds you in full automatically.`;
    case 'keep-booking':
      return `${by}, you keep ${kind === 'retiming' ? 'the new time' : 'your booking as it is'}.`;
  }
}

/**
 * The notice's short title for a change.
 * @example noticeTitle(cancellation) // 'Flight 6E 2134 on 15 Jan is cancelled'
 */
export function noticeTitle(disruption: Disruption): string {
  const flight = `Flight ${disruption.flightNumber} on ${dayWords(disruption.scheduled.departure)}`;
  switch (disruption.kind) {
    case 'cancellation':
      return `${flight} is cancelled`;
    case 'delay':
      return `${flight} now leaves at ${timeWords(disruption.expected.departure, disruption.scheduled.departure)}`;
    case 'retiming':
      return `${flight} has a new time: ${timeWords(disruption.expected.departure, disruption.scheduled.departure)}`;
    case 'aircraft-swap':
      return `${flight} changes aircraft`;
    case 'gate-change':
      return `${flight} now boards at gate ${disruption.toGate}`;
    case 'terminal-change':
      return `${flight} now leaves from Terminal ${disruption.toTerminal}`;
    case 'denied-boarding':
      return `${flight}: you were not let on board`;
    case 'downgrade':
      return `${flight}: you fly in ${CABIN_LABELS[disruption.toCabin]}`;
  }
}
