import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import { renderScreen } from '../../test/render-screen';
import { ResultPage } from './result-page';

startInProcessApi();

const counts = (region: HTMLElement) => within(region).getByText(/^\d+ of \d+ flights$/);

describe('round-trip results', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/result?from=DEL&to=BOM&date=2026-12-24&cabin=economy&adults=2&children=0&infants=0&tripType=roundTrip&returnDate=2026-12-28');
  });

  it('domestic: two lists with their own filters; the summary totals the chosen pair for everyone and Continue carries both journeys', async () => {
    renderScreen(<ResultPage />);
    const outbound = await screen.findByRole('region', { name: /^Outbound · DEL to BOM/ }, { timeout: 20_000 });
    const back = screen.getByRole('region', { name: /^Return · BOM to DEL/ });
    await within(outbound).findAllByRole('button', { name: /^Select outbound / }, { timeout: 20_000 });
    const user = userEvent.setup();
    const continueButton = within(screen.getByRole('region', { name: 'Your round trip' })).getByRole('button', { name: 'Continue' });
    expect((continueButton as HTMLButtonElement).disabled).toBe(true);

    // Filtering the outbound list leaves the return list as it was.
    const backBefore = counts(back).textContent;
    const outFilters = screen.getByRole('region', { name: 'Outbound filters' });
    await user.click(within(outFilters).getByRole('button', { name: /Show filters/ }));
    await user.click(within(outFilters).getByRole('checkbox', { name: 'Non-stop' }));
    await user.click(within(outFilters).getByRole('button', { name: 'Apply Filters' }));
    expect(counts(back).textContent).toBe(backBefore);

    await user.click(within(outbound).getAllByRole('button', { name: /^Select outbound / })[0]!);
    await user.click(within(back).getAllByRole('button', { name: /^Select return / })[0]!);
    const summary = screen.getByRole('region', { name: 'Your round trip' });
    expect(within(summary).getByText('Round trip, all-in, 2 adults')).toBeTruthy();
    expect((continueButton as HTMLButtonElement).disabled).toBe(false);
    await user.click(continueButton);
    expect(window.location.pathname).toBe('/result/book');
    const state: unknown = window.history.state;
    const journeys = typeof state === 'object' && state !== null && 'journeys' in state && Array.isArray(state.journeys) ? state.journeys : [];
    expect(journeys).toHaveLength(2);
  });
});
