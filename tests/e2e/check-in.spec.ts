import { expect, test } from '@playwright/test';
import { decode } from 'bcbp';
import type { CompactSearchResponse } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import { parseBcbp } from '../../src/domain/documents/bcbp';
import { scanPng } from '../support/barcode-scan';
import { scanLightAndDark } from './support/a11y';
import { bookByApi, itineraryInsideCheckInWindow, signUpByApi } from './support/fixtures';
import { pressKey } from './support/focus';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results/screens';

/**
 * Web check-in as a traveller (issue 27): before the window the ticket page says when it opens;
 * inside it (a flight 3 to 44 hours ahead, whatever the day) Check in by keyboard gives the pass
 * with its seat and sequence number, the wallet shows it, and its BCBP decodes (the bcbp package
 * and a barcode reader on the wallet's barcode). Axe light and dark. With the server clock moved
 * (the test-only /api/test/clock, reset in a finally block): a booking whose window is not open
 * says when it opens on the profile and the ticket page, and when the clock reaches the window the
 * profile offers Check in, another free seat is chosen on the seat map by keyboard, and the pass
 * carries that seat and a sequence number.
 */


test.describe('web check-in', () => {
  test.describe.configure({ timeout: 120_000 });

  test('says when check-in opens, then checks in by keyboard inside the window: the pass with seat and sequence decodes', async ({ page, baseURL }) => {
    const origin = baseURL ?? 'http://localhost:3100';
    await signUpByApi(page, origin, 'checkin');

    const soon = await itineraryInsideCheckInWindow(page);
    const booking = await bookByApi(page, soon, origin);

    await page.goto(`/ticket/${booking.id}`);
    const section = page.getByRole('region', { name: 'Web check-in' });
    await expect(section).toBeVisible();
    await expect(section.getByText(/Check in \(closes /)).toBeVisible();
    await expect(page.getByRole('button', { name: /Boarding passes/ })).toHaveCount(0);
    await scanLightAndDark(page);

    // Keyboard: the Check in button opens the form; the passenger is chosen; Enter confirms.
    const open = section.getByRole('button', { name: 'Check in', exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const form = section.getByRole('form', { name: /^Check in for / });
    await expect(form.getByRole('checkbox', { name: /Rahul Sharma/ })).toBeChecked();
    await scanLightAndDark(page);
    await form.getByRole('button', { name: 'Confirm check-in' }).focus();
    await page.keyboard.press('Enter');
    const done = section.getByRole('status').filter({ hasText: 'You are checked in.' });
    await expect(done).toBeVisible({ timeout: 15_000 });
    const line = (await done.getByTestId('check-in-pass').textContent()) ?? '';
    const [, seat, sequence] = /seat (\d{1,3}[A-K]), sequence (\d+)/.exec(line) ?? [];
    expect(seat).toBeTruthy();
    expect(Number(sequence)).toBeGreaterThan(0);
    await scanLightAndDark(page);

    // The pass decodes back: seat, sequence, checked in, web check-in.
    const passes = (await (await page.request.get('/api/boarding-passes')).json()) as { passes: { bcbp: string; bookingId: string; seat: string; sequence: number }[] };
    const pass = passes.passes.find((p) => p.bookingId === booking.id);
    expect(pass?.seat).toBe(seat);
    const decoded = decode(pass?.bcbp ?? '');
    const leg = decoded.data?.legs?.[0];
    expect(leg?.operatingCarrierPNR).toBe(booking.pnr);
    expect(leg?.seatNumber).toBe((seat ?? '').padStart(4, '0'));
    expect(Number(leg?.checkInSequenceNumber)).toBe(Number(sequence));
    expect(leg?.passengerStatus).toBe('1');
    expect(decoded.data?.checkInSource).toBe('W');

    // The wallet shows it, by keyboard: opening the pass focuses its heading, Back returns to it;
    // its barcode reads back to the same BCBP; the PDF downloads; offline the wallet still opens.
    await page.reload();
    const wallet = page.getByRole('button', { name: 'Boarding passes (1)' });
    await wallet.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Boarding Passes' });
    const item = list.locator('.wallet-item').first();
    await item.focus();
    await page.keyboard.press('Enter');
    const passDialog = page.getByRole('dialog', { name: 'Boarding Pass' });
    await expect(passDialog.getByRole('heading', { level: 3 })).toBeFocused();
    await expect(passDialog.getByText(booking.pnr)).toBeVisible();
    const barcode = passDialog.getByRole('img', { name: /barcode/ });
    await expect(barcode).toBeVisible({ timeout: 15_000 });
    await scanLightAndDark(page);
    const [download] = await Promise.all([page.waitForEvent('download'), passDialog.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^boarding-pass-.+\.pdf$/);
    await barcode.evaluate((img: HTMLImageElement) => {
      img.style.width = '360px';
      img.style.height = '360px';
      img.style.imageRendering = 'pixelated';
    });
    expect(scanPng(await barcode.screenshot())).toBe(pass?.bcbp);
    await passDialog.getByRole('button', { name: 'Back' }).focus();
    await page.keyboard.press('Enter');
    await expect(item).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(wallet).toBeFocused();

    await page.context().setOffline(true);
    await wallet.click();
    await page.getByRole('dialog', { name: 'Boarding Passes' }).getByRole('button', { name: /Rahul Sharma/ }).click();
    await expect(page.getByRole('dialog', { name: 'Boarding Pass' }).getByRole('img', { name: /barcode/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.context().setOffline(false);
  });

  test('before the window the ticket page says when check-in opens, and offers no pass', async ({ page, baseURL }) => {
    const origin = baseURL ?? 'http://localhost:3100';
    await signUpByApi(page, origin, 'checkin');
    // A flight nine days ahead: the window is not open yet.
    const res = await page.request.get(`/api/search?from=DEL&to=BOM&date=${new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10)}&adults=1&children=0&infants=0`);
    expect(res.status()).toBe(200);
    const far = expandSearchResponse((await res.json()) as CompactSearchResponse).itineraries.find((i) => i.stops === 0);
    if (!far) throw new Error('no direct flight nine days ahead');
    const booking = await bookByApi(page, far, origin);
    await page.goto(`/ticket/${booking.id}`);
    const section = page.getByRole('region', { name: 'Web check-in' });
    await expect(section.getByText(/^Check-in opens \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Check in', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Boarding passes/ })).toHaveCount(0);
    await scanLightAndDark(page);
  });

  test('check in when the window opens (fake clock): "Check-in opens", then Check in from the profile, another free seat by keyboard, the pass decodes', async ({ page, baseURL }) => {
    const origin = baseURL ?? 'http://localhost:3100';
    const headers = { Origin: origin, 'Content-Type': 'application/json' };
    await signUpByApi(page, origin, 'checkin-clock');
    // A direct flight five to eight days ahead whose window opens before departure (not at booking).
    let booking: { id: string; pnr: string } | undefined;
    let opensAt = '';
    for (const days of [5, 6, 7, 8]) {
      const res = await page.request.get(`/api/search?from=DEL&to=BOM&date=${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}&adults=1&children=0&infants=0`);
      const candidates = expandSearchResponse((await res.json()) as CompactSearchResponse).itineraries.filter((i) => i.stops === 0 && !i.legs.some((l) => l.carrier === 'SG'));
      const first = candidates[0];
      if (!first) continue;
      booking = await bookByApi(page, first, origin);
      const state = (await (await page.request.get(`/api/bookings/${booking.id}/check-in`)).json()) as { legs: { passengers: { state: string; opensAt: string | null }[] }[] };
      opensAt = state.legs[0]?.passengers[0]?.opensAt ?? '';
      if (state.legs[0]?.passengers[0]?.state === 'not-open' && opensAt) break;
      booking = undefined;
    }
    if (!booking) throw new Error('no direct DEL-BOM flight five to eight days ahead with a check-in window still to open');
    const id = booking.id;

    try {
      // Before the window: the profile and the ticket page say when it opens; no pass.
      await page.goto('/profile');
      const row = page.getByTestId('booking-row').filter({ hasText: id });
      await expect(row.getByTestId('booking-check-in')).toHaveText(/^Check-in opens \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/, { timeout: 15_000 });
      await expect(row.getByRole('link', { name: `Check in for booking ${id}` })).toHaveCount(0);
      await page.goto(`/ticket/${id}`);
      const section = page.getByRole('region', { name: 'Web check-in' });
      await expect(section.getByText(/^Check-in opens \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
      await expect(section.getByRole('button', { name: 'Check in', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Boarding passes/ })).toHaveCount(0);

      // The server clock moves to a minute after the window opens.
      const moved = await page.request.put('/api/test/clock', { headers, data: { offsetMs: Date.parse(opensAt) - Date.now() + 60_000 } });
      expect(moved.status()).toBe(200);

      // The profile now offers Check in; by keyboard it leads to the ticket page's check-in panel.
      await page.goto('/profile');
      const link = page.getByTestId('booking-row').filter({ hasText: id }).getByRole('link', { name: `Check in for booking ${id}` });
      await expect(link).toBeVisible({ timeout: 15_000 });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/ticket/${id}#check-in$`));
      await expect(section.getByRole('heading', { name: 'Web check-in' })).toBeFocused({ timeout: 15_000 });
      await expect(section.getByText(/Check in \(closes /)).toBeVisible();

      await section.getByRole('button', { name: 'Check in', exact: true }).focus();
      await page.keyboard.press('Enter');
      const form = section.getByRole('form', { name: /^Check in for / });
      const keep = form.getByRole('button', { name: /^Keep seat \d{1,3}[A-K]$/ });
      await expect(keep).toHaveAttribute('aria-pressed', 'true');
      const current = ((await keep.textContent()) ?? '').replace('Keep seat ', '');
      await form.getByRole('button', { name: 'Choose another free seat' }).focus();
      await page.keyboard.press('Enter');
      const grid = form.getByRole('grid', { name: /Seat map/ });
      await expect(grid).toBeVisible({ timeout: 10_000 });
      await expect(form.getByText('Paid seat (chosen at booking only)')).toBeVisible();
      const paid = grid.locator('button.seat-map__seat--paid[aria-disabled="true"]').first();
      await expect(paid).toHaveAttribute('aria-label', /₹[\d,]+, paid seats are chosen at booking$/);

      // Keyboard: from the seat in the tab order, the arrows reach a free seat, Enter picks it.
      const free = grid.locator(`button.seat-map__seat--free[aria-disabled="false"]:not([data-seat="${current}"])`).first();
      const target = (await free.getAttribute('data-seat')) ?? '';
      await grid.locator('button[tabindex="0"]').focus();
      for (let i = 0; i < 400; i++) {
        const at = await page.evaluate(() => document.activeElement?.getAttribute('data-seat') ?? '');
        if (at === target) break;
        const [row, letter] = [Number(at.slice(0, -1)), at.slice(-1)];
        const [trow, tletter] = [Number(target.slice(0, -1)), target.slice(-1)];
        await pressKey(page, row !== trow ? (row < trow ? 'ArrowDown' : 'ArrowUp') : letter < tletter ? 'ArrowRight' : 'ArrowLeft');
      }
      await expect(grid.locator(`button[data-seat="${target}"]`)).toBeFocused();
      await pressKey(page, 'Enter');
      await expect(form.getByText(`new seat ${target} (instead of ${current})`)).toBeVisible();
      await expect(grid.locator(`button[data-seat="${target}"]`)).toHaveAttribute('aria-pressed', 'true');
      await scanLightAndDark(page);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await form.screenshot({ path: `${SHOTS}/check-in-seat-map-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 720 });

      await form.getByRole('button', { name: 'Confirm check-in' }).focus();
      await page.keyboard.press('Enter');
      const done = section.getByRole('status').filter({ hasText: 'You are checked in.' });
      await expect(done).toBeVisible({ timeout: 15_000 });
      const line = (await done.getByTestId('check-in-pass').textContent()) ?? '';
      const [, seat, sequence] = /seat (\d{1,3}[A-K]), sequence (\d+)/.exec(line) ?? [];
      expect(seat).toBe(target);
      expect(Number(sequence)).toBeGreaterThan(0);

      // The pass decodes with the project's BCBP decoder, and its barcode reads back to the same text.
      const passes = (await (await page.request.get('/api/boarding-passes')).json()) as { passes: { bcbp: string; bookingId: string }[] };
      const pass = passes.passes.find((p) => p.bookingId === id);
      const leg = parseBcbp(pass?.bcbp ?? '').legs[0];
      expect(leg?.seat).toBe(target.padStart(4, '0'));
      expect(leg?.sequence).toBe(Number(sequence));
      expect(leg?.passengerStatus).toBe('1');
      await page.reload();
      await page.getByRole('button', { name: 'Boarding passes (1)' }).click();
      await page.getByRole('dialog', { name: 'Boarding Passes' }).locator('.wallet-item').first().click();
      const barcode = page.getByRole('dialog', { name: 'Boarding Pass' }).getByRole('img', { name: /barcode/ });
      await expect(barcode).toBeVisible({ timeout: 15_000 });
      await barcode.evaluate((img: HTMLImageElement) => {
        img.style.width = '360px';
        img.style.height = '360px';
        img.style.imageRendering = 'pixelated';
      });
      expect(scanPng(await barcode.screenshot())).toBe(pass?.bcbp);
      await page.keyboard.press('Escape');
    } finally {
      // Every browser spec shares this server: its clock goes back to real time whatever happened.
      await page.request.put('/api/test/clock', { headers, data: { offsetMs: 0 } });
    }
  });
});
