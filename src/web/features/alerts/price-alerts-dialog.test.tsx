import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import type { AlertAnswer } from '../../../core/alerts';
import { apiFetch } from '../../lib/api';
import { OFFLINE_SYNCED_EVENT, type OfflineSyncedDetail } from '../../lib/offline/offline-synced';
import { refreshSession } from '../../lib/use-session';
import { renderScreen } from '../../test/render-screen';
import { newIdempotencyKey } from './alerts-api';
import { PriceAlertsDialog } from './price-alerts-dialog';

const api = startInProcessApi();

const createOnServer = (to: string) =>
  apiFetch<AlertAnswer>('/api/price-alerts', { method: 'POST', headers: { 'Idempotency-Key': newIdempotencyKey() }, json: { from: 'DEL', to, targetPrice: 4000, email: 'traveller@example.com', dateFrom: '2026-12-20' } });

describe('price alerts dialog', () => {
  it('lists the account’s alerts, turns one off with the bell, and shows alerts sent from the offline queue after the sync', async () => {
    await api.signIn();
    await refreshSession();
    await createOnServer('BOM');
    renderScreen(<PriceAlertsDialog open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Price Alerts' }, { timeout: 10_000 });
    const bell = await within(dialog).findByRole('button', { name: 'Turn off alert DEL → BOM' }, { timeout: 10_000 });
    await userEvent.setup().click(bell);
    expect((await within(dialog).findByRole('button', { name: 'Turn on alert DEL → BOM' }, { timeout: 10_000 })).getAttribute('aria-pressed')).toBe('false');

    // An alert the offline queue just sent: the sync refreshes the list (SYNCED_QUERIES), no listener of the dialog's own.
    await createOnServer('BLR');
    window.dispatchEvent(new CustomEvent<OfflineSyncedDetail>(OFFLINE_SYNCED_EVENT, { detail: { features: ['alerts'] } }));
    expect(await within(dialog).findByText('DEL → BLR', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Turn on alert DEL → BOM' })).toBeTruthy();
  });
});
