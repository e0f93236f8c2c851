import { expect, type Page, test } from '@playwright/test';
import { decode } from 'bcbp';
import type { CompactSearchResponse } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import { scanPng } from '../support/barcode-scan';
import { expectNoAxeViolations } from './support/a11y';
import { bookByApi, itineraryInsideCheckInWindow, toastsClosed, signUpByApi } from './support/fixtures';

/**
 * Web check-in as a traveller (issue 27): before the window the ticket page says when it opens;
 * inside it (a flight 3 to 44 hours ahead, whatever the day) Check in by keyboard gives the pass
 * with its seat and sequence number, the wallet shows it, and its BCBP decodes (the bcbp package
 * and a barcode reader on the wallet's barcode). Axe light and dark.
 */

async function scanLightAndDark(page: Page) {
  await toastsClosed(page);
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
}

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
});
