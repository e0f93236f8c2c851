import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { bcbpFlightNumber, bcbpName, type BcbpInput, type BcbpLegInput, buildBcbp, dayOfYear, parseBcbp } from './bcbp';
import { sampleBcbpInput } from './test-fixtures';

const leg = (overrides: Partial<BcbpLegInput> = {}): BcbpLegInput => ({
  pnr: 'K7QX2M',
  from: 'DEL',
  to: 'BOM',
  carrier: '6E',
  flightNumber: '6E 2134',
  date: '2026-12-24',
  cabin: 'economy',
  seat: '12C',
  sequence: 1,
  ...overrides,
});

function expectValidationError(run: () => unknown, field: string): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    if (error instanceof AppError) {
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
    return;
  }
  throw new Error('expected a validation error');
}

describe('buildBcbp', () => {
  it('lays out the 60-character mandatory part of a single leg field by field', () => {
    const text = buildBcbp({ lastName: 'Sharma', firstName: 'Ananya', legs: [leg()] });
    const mandatory = text.slice(0, 60);
    expect(mandatory).toHaveLength(60);
    expect(mandatory).toBe('M1SHARMA/ANANYA       EK7QX2M DELBOM6E 2134 358Y012C0001 106');
    // Positions from Resolution 792: format, legs, name(20), E-ticket, PNR(7), from, to, carrier(3),
    // flight(5), Julian date(3), compartment, seat(4), sequence(5), status, conditional size (hex).
    expect(mandatory[0]).toBe('M');
    expect(mandatory[1]).toBe('1');
    expect(mandatory.slice(2, 22)).toBe('SHARMA/ANANYA       ');
    expect(mandatory[22]).toBe('E');
    expect(mandatory.slice(23, 30)).toBe('K7QX2M ');
    expect(mandatory.slice(30, 33)).toBe('DEL');
    expect(mandatory.slice(33, 36)).toBe('BOM');
    expect(mandatory.slice(36, 39)).toBe('6E ');
    expect(mandatory.slice(39, 44)).toBe('2134 ');
    expect(mandatory.slice(44, 47)).toBe('358');
    expect(mandatory[47]).toBe('Y');
    expect(mandatory.slice(48, 52)).toBe('012C');
    expect(mandatory.slice(52, 57)).toBe('0001 ');
    expect(mandatory[57]).toBe('1');
    expect(Number.parseInt(mandatory.slice(58, 60), 16)).toBe(text.length - 60);
    expect(text.slice(60, 62)).toBe('>6');
  });

  it('round-trips through the bcbp decoder', () => {
    const text = buildBcbp(sampleBcbpInput);
    const parsed = parseBcbp(text);
    expect(parsed).toMatchObject({
      formatCode: 'M',
      passengerName: 'SHARMA/ANANYA',
      lastName: 'SHARMA',
      givenNames: 'ANANYA',
      electronicTicket: true,
      passengerType: 'adult',
      issuedOn: '2026-11-21',
      version: 6,
    });
    expect(parsed.legs).toEqual([
      {
        pnr: 'K7QX2M',
        from: 'DEL',
        to: 'BOM',
        carrier: '6E',
        flightNumber: '2134',
        dayOfYear: 358,
        date: '2026-12-24',
        compartment: 'Y',
        seat: '012C',
        sequence: 1,
        passengerStatus: '1',
        ticketNumber: '3122345678901',
        baggage: null,
      },
    ]);
    expect(parsed.checkInSource).toBe('W');
  });

  it('carries the check-in fields: status, source of check-in and baggage allowance', () => {
    const checkedIn = parseBcbp(buildBcbp({ ...sampleBcbpInput, checkInSource: 'V', legs: sampleBcbpInput.legs.map((l) => ({ ...l, sequence: 25, baggage: '15K' })) }));
    expect(checkedIn.checkInSource).toBe('V');
    expect(checkedIn.legs[0]).toMatchObject({ passengerStatus: '1', sequence: 25, baggage: '15K' });
    const before = parseBcbp(buildBcbp({ ...sampleBcbpInput, legs: sampleBcbpInput.legs.map((l) => ({ ...l, status: '0' as const, baggage: '2PC' })) }));
    expect(before.legs[0]).toMatchObject({ passengerStatus: '0', baggage: '2PC' });
    expect(() => buildBcbp({ ...sampleBcbpInput, legs: sampleBcbpInput.legs.map((l) => ({ ...l, baggage: '15 kg' })) })).toThrow(/incomplete or malformed/);
  });

  it('folds diacritics, keeps inner spaces, drops punctuation, uppercases and cuts the name at 20', () => {
    expect(bcbpName('Núñez García', 'José', 'Luis')).toBe('NUNEZ GARCIA/JOSE LU');
    expect(bcbpName("O'Brien", 'Zoë')).toBe('OBRIEN/ZOE');
    expect(bcbpName('Łukasz-Weiß', 'Ærin')).toBe('LUKASZWEISS/AERIN');
    expect(bcbpName('  de  souza ', ' anna   maria ')).toBe('DE SOUZA/ANNA MARIA');
    const text = buildBcbp({ lastName: 'Venkataraghavan Subramanian', firstName: 'Lakshmi', legs: [leg()] });
    expect(text.slice(2, 22)).toBe('VENKATARAGHAVAN SUBR');
    expect(text.slice(0, 60)).toHaveLength(60);
    expect(text.slice(22, 23)).toBe('E');
  });

  it('encodes a 2-leg pass with each leg and its own conditional section', () => {
    const text = buildBcbp({
      lastName: 'Sharma',
      firstName: 'Ananya',
      issuedOn: '2026-12-20',
      legs: [
        leg({ ticketNumber: '3122345678901' }),
        leg({ from: 'BOM', to: 'DXB', carrier: 'AI', flightNumber: 'AI983', date: '2026-12-24T10:00:00+05:30', cabin: 'business', seat: '3A', sequence: 27, ticketNumber: '0982345678901' }),
      ],
    });
    expect(text.slice(0, 2)).toBe('M2');
    const parsed = parseBcbp(text);
    expect(parsed.legs).toHaveLength(2);
    expect(parsed.legs[1]).toMatchObject({ from: 'BOM', to: 'DXB', carrier: 'AI', flightNumber: '0983', compartment: 'J', seat: '003A', sequence: 27, date: '2026-12-24', ticketNumber: '0982345678901' });
    expect(parsed.legs[0]).toMatchObject({ from: 'DEL', to: 'BOM', ticketNumber: '3122345678901' });
  });

  it('maps every cabin to its IATA compartment code', () => {
    const codes = (['economy', 'premium', 'business', 'first'] as const).map((cabin) => parseBcbp(buildBcbp({ lastName: 'A', firstName: 'B', legs: [leg({ cabin })] })).legs[0]?.compartment);
    expect(codes).toEqual(['Y', 'W', 'J', 'F']);
  });

  it('pads flight numbers to 4 digits plus a suffix or space', () => {
    expect(bcbpFlightNumber('6E 378', '6E')).toBe('0378 ');
    expect(bcbpFlightNumber('AI101', 'AI')).toBe('0101 ');
    expect(bcbpFlightNumber('1', 'EK')).toBe('0001 ');
    expect(bcbpFlightNumber('UK 955A', 'UK')).toBe('0955A');
    expect(() => bcbpFlightNumber('6E 12345', '6E')).toThrow(AppError);
  });

  it('resolves a Julian date in the next year when the pass was issued late in the previous one', () => {
    const text = buildBcbp({ lastName: 'A', firstName: 'B', issuedOn: '2026-12-30', legs: [leg({ date: '2027-01-02' })] });
    expect(text.slice(44, 47)).toBe('002');
    expect(parseBcbp(text).legs[0]?.date).toBe('2027-01-02');
    expect(dayOfYear('2028-12-31')).toBe(366);
  });

  it('leaves the year open without an issue date unless a reference year is given', () => {
    const text = buildBcbp({ lastName: 'A', firstName: 'B', legs: [leg()] });
    expect(parseBcbp(text).legs[0]?.date).toBeNull();
    expect(parseBcbp(text, { referenceYear: 2026 }).legs[0]?.date).toBe('2026-12-24');
  });

  it('accepts 4 legs and refuses 0 or 5, naming the field', () => {
    const four = buildBcbp({ lastName: 'A', firstName: 'B', legs: [leg(), leg(), leg(), leg()] });
    expect(parseBcbp(four).legs).toHaveLength(4);
    expectValidationError(() => buildBcbp({ lastName: 'A', firstName: 'B', legs: [leg(), leg(), leg(), leg(), leg()] }), 'legs');
    expectValidationError(() => buildBcbp({ lastName: 'A', firstName: 'B', legs: [] }), 'legs');
  });

  it('refuses malformed seats, airports, sequences and ticket numbers with field messages', () => {
    expectValidationError(() => buildBcbp({ lastName: 'A', firstName: 'B', legs: [leg({ seat: '12' })] }), 'legs.0.seat');
    expectValidationError(() => buildBcbp({ lastName: 'A', firstName: 'B', legs: [leg({ from: 'DELHI' })] }), 'legs.0.from');
    expectValidationError(() => buildBcbp({ lastName: 'A', firstName: 'B', legs: [leg({ sequence: 0 })] }), 'legs.0.sequence');
    expectValidationError(() => buildBcbp({ lastName: 'A', firstName: 'B', legs: [leg({ ticketNumber: '12345' })] }), 'legs.0.ticketNumber');
    expectValidationError(() => buildBcbp({ lastName: ' ', firstName: 'B', legs: [leg()] }), 'lastName');
  });

  it('encodes infants without a seat as INF', () => {
    const parsed = parseBcbp(buildBcbp({ lastName: 'Sharma', firstName: 'Zoe', passengerType: 'infant', legs: [leg({ seat: 'INF' })] }));
    expect(parsed.legs[0]?.seat).toBe('INF');
    expect(parsed.passengerType).toBe('infant');
  });

  it('round-trips any valid passenger and legs (property)', () => {
    const letters = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 3, maxLength: 3 });
    const legArb = fc.record({
      pnr: fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'), minLength: 6, maxLength: 6 }),
      from: letters,
      to: letters,
      carrier: fc.constantFrom('6E', 'AI', 'UK', 'SG', 'EK', 'QR'),
      flightNumber: fc.integer({ min: 1, max: 9999 }).map(String),
      // Within a year of issue: the Julian date carries no year, so a flight 365 days out is ambiguous.
      date: fc.integer({ min: 0, max: 363 }).map((d) => new Date(Date.UTC(2027, 0, 1 + d)).toISOString().slice(0, 10)),
      cabin: fc.constantFrom('economy' as const, 'premium' as const, 'business' as const, 'first' as const),
      seat: fc.tuple(fc.integer({ min: 1, max: 60 }), fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F')).map(([row, letter]) => `${row}${letter}`),
      sequence: fc.integer({ min: 1, max: 9999 }),
      ticketNumber: fc.option(fc.stringMatching(/^\d{13}$/), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 1, maxLength: 4 }), fc.string({ minLength: 1, maxLength: 30 }), (legs, surname) => {
        const input: BcbpInput = { lastName: `X${surname}`, firstName: 'Test', issuedOn: '2026-12-31', legs };
        const parsed = parseBcbp(buildBcbp(input));
        expect(parsed.passengerName.length).toBeLessThanOrEqual(20);
        expect(parsed.legs).toHaveLength(legs.length);
        parsed.legs.forEach((decoded, i) => {
          const original = legs[i];
          expect(decoded.pnr).toBe(original?.pnr);
          expect(decoded.from).toBe(original?.from);
          expect(decoded.date).toBe(original?.date);
          expect(decoded.seat).toBe(original?.seat.padStart(4, '0'));
          expect(decoded.sequence).toBe(original?.sequence);
          expect(Number(decoded.flightNumber)).toBe(Number(original?.flightNumber));
          expect(decoded.ticketNumber).toBe(original?.ticketNumber ?? null);
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('parseBcbp', () => {
  it('refuses text that is not a format-M pass', () => {
    expectValidationError(() => parseBcbp('hello'), 'bcbp');
    expectValidationError(() => parseBcbp(`X1${' '.repeat(70)}`), 'bcbp');
    expectValidationError(() => parseBcbp(`M9${' '.repeat(70)}`), 'bcbp');
  });
});
