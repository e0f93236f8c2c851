import { describe, expect, it } from 'vitest';
import { DisruptionSchema, isExtraordinary, REASON_CODES, type ReasonCode, REASONS } from './disruptions';

describe('reasons and extraordinary circumstances', () => {
  it('weather (fog included), natural disaster and security are extraordinary; crew, technical faults, a late aircraft and the schedule are not', () => {
    const extraordinary: ReasonCode[] = ['fog', 'weather', 'natural-disaster', 'security'];
    expect(extraordinary.every(isExtraordinary)).toBe(true);
    expect(REASON_CODES.filter((r) => !isExtraordinary(r))).toEqual(['late-inbound', 'technical', 'crew', 'atc', 'airport-operations', 'schedule-change', 'oversold']);
  });

  it('the uncertain (⚠) classifications are marked approximate: political instability, outside strikes, air traffic restrictions', () => {
    expect(REASON_CODES.filter((r) => REASONS[r].approximate)).toEqual(['political-instability', 'outside-strike', 'atc']);
  });

  it('a disruption whose extraordinary flag contradicts its root reason is refused', () => {
    const cancellation = {
      id: '6E2134@2027-01-15|cancellation|1',
      flightId: '6E2134@2027-01-15',
      flightNumber: '6E 2134',
      from: 'DEL',
      to: 'BOM',
      announcedAt: '2027-01-15T00:30:00.000Z',
      scheduled: { departure: '2027-01-15T10:00:00+05:30', arrival: '2027-01-15T12:10:00+05:30' },
      reason: 'fog',
      rootReason: 'fog',
      extraordinary: true,
      kind: 'cancellation',
    } as const;
    expect(DisruptionSchema.safeParse(cancellation).success).toBe(true);
    const wrong = DisruptionSchema.safeParse({ ...cancellation, extraordinary: false });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['extraordinary']);
    expect(DisruptionSchema.safeParse({ ...cancellation, scheduled: { departure: '10:00', arrival: '12:10' } }).success).toBe(false);
  });
});
