import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findItinerary } from '../../../../tests/support/booking';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import { TRACKER_MESSAGES, type TrackingHistory } from '../../../core/tracking';
import { apiFetch } from '../../lib/api';
import { refreshSession } from '../../lib/use-session';
import { renderScreen } from '../../test/render-screen';
import { FlightTrackerDialog } from './index';

const api = startInProcessApi();

/** A flight of the real schedule: its number and local departure date. */
async function scheduledFlight(date: string) {
  const itinerary = await findItinerary(api.test.app, { from: 'DEL', to: 'BOM', date });
  const leg = itinerary.legs[0];
  if (!leg) throw new Error('no leg');
  return { flightNumber: leg.flightNumber, date: leg.flightId.split('@')[1] ?? date };
}

describe('flight tracker dialog', () => {
  it('tracks a typed flight for a visitor and keeps it in this browser’s Recent Searches', async () => {
    const { flightNumber } = await scheduledFlight('2026-11-22');
    api.signOut();
    await refreshSession();
    renderScreen(<FlightTrackerDialog open onOpenChange={() => {}} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Flight Tracker' }, { timeout: 10_000 });
    await user.type(within(dialog).getByLabelText('Flight number'), flightNumber);
    await user.click(within(dialog).getByRole('button', { name: 'Track Flight' }));
    const card = await within(dialog).findByRole('region', { name: new RegExp(`^${flightNumber}`) }, { timeout: 10_000 });
    expect(within(card).getByRole('progressbar', { name: 'Journey progress' })).toBeTruthy();
    const recent = within(dialog).getByRole('region', { name: 'Recent Searches' });
    expect(within(recent).getByRole('button', { name: new RegExp(flightNumber) })).toBeTruthy();
  });

  it('says what a flight number looks like, in place, when the typed one is not one', async () => {
    renderScreen(<FlightTrackerDialog open onOpenChange={() => {}} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Flight Tracker' }, { timeout: 10_000 });
    await user.type(within(dialog).getByLabelText('Flight number'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Track Flight' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(TRACKER_MESSAGES.flightNumberFormat);
    expect(within(dialog).getByLabelText('Flight number').getAttribute('aria-invalid')).toBe('true');
  });

  it('tracks the flight it was opened for at once and records it on the signed-in traveller’s account', async () => {
    const flight = await scheduledFlight('2026-11-23');
    await api.signIn();
    await refreshSession();
    renderScreen(<FlightTrackerDialog open onOpenChange={() => {}} initialFlightNumber={flight.flightNumber} initialDate={flight.date} />);
    const dialog = await screen.findByRole('dialog', { name: 'Flight Tracker' }, { timeout: 10_000 });
    expect(await within(dialog).findByRole('region', { name: new RegExp(`^${flight.flightNumber}`) }, { timeout: 10_000 })).toBeTruthy();
    const recent = within(dialog).getByRole('region', { name: 'Recent Searches' });
    expect(await within(recent).findByRole('button', { name: new RegExp(flight.flightNumber) }, { timeout: 10_000 })).toBeTruthy();
    // The account holds it: the server's list says so.
    const body = await apiFetch<TrackingHistory>('/api/tracking-history');
    expect(body.entries.map((e) => e.flightNumber)).toContain(flight.flightNumber);
  });
});
