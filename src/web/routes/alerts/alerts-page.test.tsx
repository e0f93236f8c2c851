import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import type { AlertAnswer } from '../../../core/alerts';
import { newIdempotencyKey } from '../../features/alerts/alerts-api';
import { apiFetch } from '../../lib/api';
import { refreshSession } from '../../lib/use-session';
import { renderScreen } from '../../test/render-screen';
import { AlertsPage } from './alerts-page';

const api = startInProcessApi();

describe('/alerts mail links', () => {
  it('confirms the address from the confirmation link, keeps the token out of the address bar and refreshes the list', async () => {
    await api.signIn();
    await refreshSession();
    // Another address than the account's needs confirming.
    const { alert } = await apiFetch<AlertAnswer>('/api/price-alerts', {
      method: 'POST',
      headers: { 'Idempotency-Key': newIdempotencyKey() },
      json: { from: 'DEL', to: 'BOM', targetPrice: 4000, email: 'someone-else@example.com', dateFrom: '2026-12-20' },
    });
    // The token the confirmation message carries (the test reads it where the mailer would).
    const row = await api.test.database.db.query.priceAlerts.findFirst({ where: (a, { eq }) => eq(a.id, alert.id) });
    if (!row?.mailToken) throw new Error('no mail token');
    window.history.replaceState(null, '', `/alerts?confirm=${row.mailToken}`);
    renderScreen(<AlertsPage />);
    expect((await screen.findByRole('status', {}, { timeout: 10_000 })).textContent).toBe('Your email is confirmed. We will tell you when the price drops.');
    expect(window.location.search).toBe('');
    await screen.findByText('DEL → BOM', undefined, { timeout: 10_000 });
    await expect.poll(() => screen.queryByText(/^Check someone-else@example\.com to confirm it/)).toBeNull();
  });

  it('says so when an unsubscribe link is not valid any more', async () => {
    window.history.replaceState(null, '', `/alerts?unsubscribe=${'x'.repeat(43)}`);
    renderScreen(<AlertsPage />);
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe('This link is not valid any more. The alert may have been deleted.');
  });
});
