import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import { renderScreen } from '../../test/render-screen';
import { ResultPage } from './result-page';

startInProcessApi();

/** The result screen for a real search, answered by the API. */
async function openResults() {
  renderScreen(<ResultPage />);
  const count = await screen.findByRole('heading', { name: /^\d+ of \d+ flights$/ }, { timeout: 20_000 });
  const [, total] = /^\d+ of (\d+) flights$/.exec(count.textContent ?? '') ?? [];
  return { count, total: Number(total) };
}

const cards = () => screen.getAllByRole('article');

describe('result filters', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/result?from=DEL&to=BOM&date=2026-12-24&cabin=economy&adults=1&children=0&infants=0');
  });

  it('shows only non-stop flights once Non-stop is applied, and every flight again after Clear All', async () => {
    const { count, total } = await openResults();
    const filters = screen.getByRole('region', { name: 'Filters' });
    const user = userEvent.setup();
    const before = count.textContent;
    await user.click(within(filters).getByRole('checkbox', { name: 'Non-stop' }));
    // Choices take effect on Apply, not before.
    expect(count.textContent).toBe(before);
    await user.click(within(filters).getByRole('button', { name: 'Apply Filters' }));
    const shown = Number(/^(\d+) of/.exec(screen.getByRole('heading', { name: /of \d+ flights$/ }).textContent ?? '')?.[1]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    for (const card of cards()) expect(within(card).getByText('Non-stop')).toBeTruthy();
    await user.click(within(screen.getByRole('region', { name: 'Filters' })).getByRole('button', { name: 'Clear All' }));
    expect(screen.getByRole('heading', { name: /of \d+ flights$/ }).textContent).toBe(`${total} of ${total} flights`);
  });

  it('says no flights match when the price cap is below every fare, and Clear All brings them back', async () => {
    const { total } = await openResults();
    const filters = screen.getByRole('region', { name: 'Filters' });
    const price = within(filters).getByRole('slider', { name: 'Price Range' });
    const user = userEvent.setup();
    // jsdom does not move a range input with keys: the value is set as a drag to the left end would.
    fireEvent.change(price, { target: { value: '0' } });
    expect(within(filters).getByText(/^Up to /, { selector: 'output' }).textContent).toBe('Up to ₹0');
    await user.click(within(filters).getByRole('button', { name: 'Apply Filters' }));
    const empty = (await screen.findByText('No flights found')).closest('[role="status"]');
    if (!(empty instanceof HTMLElement)) throw new Error('the empty state is not a status');
    await user.click(within(empty).getByRole('button', { name: 'Clear All' }));
    expect(screen.getByRole('heading', { name: /of \d+ flights$/ }).textContent).toBe(`${total} of ${total} flights`);
  });
});
