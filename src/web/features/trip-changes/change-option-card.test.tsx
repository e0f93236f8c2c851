import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChangeQuote } from '../../../core/fares';
import type { SupplierFare } from '../../../core/suppliers';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import { findItinerary } from '../../../../tests/support/booking';
import { renderScreen } from '../../test/render-screen';
import { ChangeOptionCard } from './change-option-card';

const api = startInProcessApi();

const quote: ChangeQuote = {
  lines: [],
  changeFeePaise: 426_400,
  oldTotalPaise: 2_000_000,
  newTotalPaise: 3_332_500,
  fareDifferencePaise: 1_332_500,
  duePaise: 1_758_900,
  refundPaise: 0,
  freeWindowApplies: false,
  disruptionFree: null,
  supplier: {
    supplier: 'duffel',
    airline: 'Duffel Airways',
    changeOfferId: 'oco_1',
    expiresAt: '2026-11-21T07:00:00.000Z',
    changeTotalMinor: 16_500,
    penaltyMinor: 4_000,
    currency: 'GBP',
    refundTo: null,
    conversion: { from: 'GBP', rate: 106.6, asOf: '2026-11-20', source: 'RBI reference rate (FBIL)' },
    safarFeePaise: 0,
    terms: 'Duffel Airways charges £165.00 at ₹106.60 per GBP (RBI reference rate (FBIL), 2026-11-20) for this change, its £40.00 change fee included; Safar adds no fee to a change',
  },
};

describe('a change option a remote supplier offers', () => {
  it("shows the airline's terms with the conversion, Safar's fee rule and until when the price holds, and what is due", async () => {
    const itinerary = await findItinerary(api.test.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    renderScreen(
      <ul>
        <ChangeOptionCard option={{ itinerary, quote }} disabled={false} busy={false} onChoose={() => {}} />
      </ul>,
    );
    const terms = await screen.findByTestId('change-option-airline');
    expect(terms.textContent).toContain('at ₹106.60 per GBP (RBI reference rate (FBIL), 2026-11-20)');
    expect(terms.textContent).toContain('Safar adds no fee to a change');
    expect(terms.textContent).toMatch(/The airline holds this price until \d\d:\d\d/);
    expect(screen.getByRole('button', { name: /Change to .*, ₹17,589 due$/ })).toBeTruthy();
    expect(screen.queryByTestId('change-option-money-back')).toBeNull();
  });

  it('says what the airline pays back to the original payment, in rupees, with nothing due', async () => {
    const itinerary = await findItinerary(api.test.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const back: ChangeQuote = {
      ...quote,
      changeFeePaise: 0,
      fareDifferencePaise: -159_900,
      newTotalPaise: 1_840_100,
      duePaise: 0,
      refundPaise: 159_900,
      supplier: quote.supplier && { ...quote.supplier, changeTotalMinor: -1_500, penaltyMinor: 0, refundTo: 'originalPayment', terms: 'Duffel Airways pays back £15.00 at ₹106.60 per GBP (RBI reference rate (FBIL), 2026-11-20) for this change: ₹1,599 refunded to your original payment; Safar adds no fee to a change' },
    };
    renderScreen(
      <ul>
        <ChangeOptionCard option={{ itinerary, quote: back }} disabled={false} busy={false} onChoose={() => {}} />
      </ul>,
    );
    expect((await screen.findByTestId('change-option-money-back')).textContent).toBe('The airline pays back ₹1,599 to your original payment.');
    expect(screen.getByRole('button', { name: /Change to .*, ₹0 due$/ })).toBeTruthy();
  });

  it("a round trip's option: the changed journey's new flight, and the journey kept named as booked", async () => {
    const out = await findItinerary(api.test.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const back = await findItinerary(api.test.app, { from: 'BOM', to: 'DEL', date: '2026-12-28' });
    const [outLeg] = out.legs;
    const [backLeg] = back.legs;
    if (!outLeg || !backLeg) throw new Error('no legs');
    const fare: SupplierFare = { supplier: 'duffel', offerId: 'off_1', expiresAt: '2026-11-21T07:00:00.000Z', owner: 'Duffel Airways', fareBrand: 'Flex', conditions: { changeBeforeDeparture: null, refundBeforeDeparture: null }, penaltyCurrency: 'GBP', baggage: { checked: 1, carryOn: 1 }, operatedBy: [null, null], passengerIds: ['pas_1'], totalMinor: 30_000, currency: 'GBP', conversion: null, fareInr: 32_000, feeInr: 199, journeyLegCounts: [1, 1] };
    const itinerary = { ...out, legs: [outLeg, backLeg], layovers: [], stops: 0, arrival: backLeg.arrival, supplier: fare };
    renderScreen(
      <ul>
        <ChangeOptionCard option={{ itinerary, quote }} journey={1} disabled={false} busy={false} onChoose={() => {}} />
      </ul>,
    );
    const kept = await screen.findByText(/^Kept as booked:/);
    expect(kept.textContent).toContain(`${outLeg.flightNumber} DEL → BOM`);
    expect(screen.getByRole('button', { name: new RegExp(`^Change to ${backLeg.flightNumber} at `) })).toBeTruthy();
  });
});
