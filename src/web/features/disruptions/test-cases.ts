import type { DisruptionAlternative, DisruptionCase, Entitlements } from '../../../core/disruptions';

/**
 * Trip changes for the component tests, shaped as GET /api/bookings/{id}/disruption answers them:
 * 6E 2134 Delhi → Mumbai on 15 Jan 2027 at 10:00, two passengers.
 */

export const PROTECTED_FLIGHT: DisruptionAlternative = {
  flightId: '6E2136@2027-01-15',
  flightNumber: '6E 2136',
  carrier: '6E',
  carrierName: 'IndiGo',
  from: 'DEL',
  to: 'BOM',
  departure: '2027-01-15T16:40:00+05:30',
  arrival: '2027-01-15T18:50:00+05:30',
  durationMinutes: 130,
  cabin: 'economy',
  seatsLeft: 9,
  protected: true,
};

export const OTHER_FLIGHT: DisruptionAlternative = {
  ...PROTECTED_FLIGHT,
  flightId: 'AI805@2027-01-15',
  flightNumber: 'AI 805',
  carrier: 'AI',
  carrierName: 'Air India',
  departure: '2027-01-15T19:05:00+05:30',
  arrival: '2027-01-15T21:15:00+05:30',
  protected: false,
};

const shortNotice: Entitlements = {
  disruptionId: '6E2134@2027-01-15|cancellation|0',
  reason: 'technical',
  rootReason: 'technical',
  extraordinary: false,
  notice: 'under-24-hours',
  options: [
    { kind: 'accept', what: 'protected-flight' },
    { kind: 'another-flight', withinMinutes: 1440 },
    { kind: 'full-refund', refundPaise: 310_600, compensationPaise: 0 },
  ],
  compensation: { due: true, amountPaise: 450_000, bandPaise: 1_000_000, capPaise: 450_000, rule: 'cancellation', band: 'over-2-hours', percent: null, approximate: false },
  downgradeRefund: null,
  facilities: [{ kind: 'meals', fromMinutes: 0, tier: 'meal' }],
  deadline: { at: '2027-01-15T04:30:00.000Z', action: 'keep-protected-flight' },
  open: true,
};

/** A short-notice cancellation for a technical fault: protected flight, free alternatives, refund, compensation. */
export const CANCELLED: DisruptionCase = {
  id: '6E2134@2027-01-15|cancellation|0',
  legIndex: 0,
  disruption: {
    kind: 'cancellation',
    id: '6E2134@2027-01-15|cancellation|0',
    flightId: '6E2134@2027-01-15',
    flightNumber: '6E 2134',
    from: 'DEL',
    to: 'BOM',
    announcedAt: '2027-01-14T22:30:00.000Z',
    scheduled: { departure: '2027-01-15T10:00:00+05:30', arrival: '2027-01-15T12:10:00+05:30' },
    reason: 'technical',
    rootReason: 'technical',
    extraordinary: false,
  },
  fromCity: 'Delhi',
  toCity: 'Mumbai',
  whatChanged: '6E 2134 Delhi → Mumbai on 15 Jan at 10:00 is cancelled because of a technical fault on the aircraft. The airline announced it 6 hours before departure.',
  rightsLine: 'Meals while you wait for your new flight; switch free to the 16:40 flight, or take a full refund of ₹6,212; the airline owes you ₹9,000 compensation',
  entitlements: [
    { passengerPosition: 0, legIndex: 0, entitlements: shortNotice },
    { passengerPosition: 1, legIndex: 0, entitlements: shortNotice },
  ],
  missedLegs: [],
  refundPaise: 621_200,
  compensationPaise: 900_000,
  compensationLine: 'IndiGo owes you ₹9,000 (₹4,500 a passenger) for the short notice. Claim it from IndiGo’s customer care with your PNR; it is paid by the airline, not Safar.',
  protectedFlight: PROTECTED_FLIGHT,
  state: 'open',
  decision: null,
  deadline: { at: '2027-01-15T04:30:00.000Z', action: 'keep-protected-flight' },
  deadlineLine: 'If you do nothing by 15 Jan 10:00, you keep the 16:40 flight, and can still change it free until departure.',
  actions: ['rebook', 'refund', 'accept'],
};

/** A fog cancellation: extraordinary, so no compensation and no hotel. */
export const FOG: DisruptionCase = {
  ...CANCELLED,
  disruption: { ...CANCELLED.disruption, reason: 'fog', rootReason: 'fog', extraordinary: true },
  entitlements: CANCELLED.entitlements.map((p) => ({
    ...p,
    entitlements: { ...p.entitlements, reason: 'fog', rootReason: 'fog', extraordinary: true, compensation: { due: false, why: 'extraordinary', approximate: false } },
  })),
  compensationPaise: 0,
  compensationLine: 'No compensation: fog is outside the airline’s control. Your refund, another flight and meals are not affected.',
};

/** A gate change: information only. */
export const GATE: DisruptionCase = {
  ...CANCELLED,
  id: '6E2134@2027-01-15|gate-change|0',
  disruption: { ...CANCELLED.disruption, kind: 'gate-change', id: '6E2134@2027-01-15|gate-change|0', fromGate: '12', toGate: '31' },
  whatChanged: '6E 2134 Delhi → Mumbai on 15 Jan now boards at gate 31 instead of gate 12.',
  rightsLine: 'No action needed',
  entitlements: [],
  refundPaise: 0,
  compensationPaise: 0,
  compensationLine: null,
  protectedFlight: null,
  state: 'information',
  deadline: null,
  deadlineLine: null,
  actions: [],
};

/** A significant retiming (3 h 30 min later) announced 2 days ahead: keep the new time, another flight, or a refund; refunded automatically if unanswered. */
export const RETIMED: DisruptionCase = {
  ...CANCELLED,
  id: '6E2134@2027-01-15|retiming|0',
  disruption: {
    ...CANCELLED.disruption,
    kind: 'retiming',
    id: '6E2134@2027-01-15|retiming|0',
    reason: 'schedule-change',
    rootReason: 'schedule-change',
    shiftMinutes: 210,
    expected: { departure: '2027-01-15T13:30:00+05:30', arrival: '2027-01-15T15:40:00+05:30' },
  },
  whatChanged: "6E 2134 Delhi → Mumbai on 15 Jan has a new time: 13:30 instead of 10:00 (3 h 30 min later), because of a change to the airline's schedule. The airline announced it 2 days before departure.",
  rightsLine: 'Keep the new time, switch free to another flight within 24 h of the original, or take a full refund of ₹6,212',
  entitlements: CANCELLED.entitlements.map((p) => ({
    ...p,
    entitlements: {
      ...p.entitlements,
      reason: 'schedule-change',
      rootReason: 'schedule-change',
      notice: '24-hours-to-14-days',
      options: [{ kind: 'accept', what: 'new-time' }, { kind: 'another-flight', withinMinutes: 1440 }, { kind: 'full-refund', refundPaise: 310_600, compensationPaise: 0 }],
      compensation: { due: false, why: 'retiming', approximate: false },
      facilities: [],
      deadline: { at: '2027-01-14T04:30:00.000Z', action: 'refund' },
    },
  })),
  compensationPaise: 0,
  compensationLine: 'No compensation for a new time announced in advance; you may refuse it for a full refund.',
  protectedFlight: null,
  deadline: { at: '2027-01-14T04:30:00.000Z', action: 'refund' },
  deadlineLine: 'If you do nothing by 14 Jan 10:00, Safar refunds you in full automatically.',
};
