// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { announce, onAnnounce } from './announce';
import { focusHeading, keyboardFocusWithin, lastInputModality, trackInputModality } from './focus';

describe('input modality', () => {
  it('is the keyboard after a key press or a click without a pointer press, the pointer after a press', () => {
    trackInputModality();
    document.body.innerHTML = '<div id="screen"><button id="b">Go</button></div>';
    const button = document.getElementById('b') as HTMLButtonElement;
    const screen = document.getElementById('screen');
    document.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(lastInputModality()).toBe('pointer');
    button.focus();
    expect(keyboardFocusWithin(screen)).toBe(false);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(lastInputModality()).toBe('keyboard');
    expect(keyboardFocusWithin(screen)).toBe(true);
    document.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    // A screen reader's "activate" is a click with detail 0.
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 0 }));
    expect(lastInputModality()).toBe('keyboard');
    // Modifier keys alone are not navigation.
    document.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true }));
    expect(lastInputModality()).toBe('pointer');
  });
});

describe('focusHeading', () => {
  it('makes the heading focusable by script only and focuses it', () => {
    document.body.innerHTML = '<h1>Payment</h1>';
    const heading = document.querySelector('h1');
    expect(focusHeading(heading)).toBe(true);
    expect(heading?.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(heading);
    expect(focusHeading(null)).toBe(false);
  });
});

describe('announce', () => {
  it('reaches every subscribed live region with its politeness, and stops after unsubscribing', () => {
    const heard: string[] = [];
    const stop = onAnnounce((message, politeness) => heard.push(`${politeness}: ${message}`));
    announce('Booking confirmed.');
    announce('Enter a valid card number', 'assertive');
    stop();
    announce('unheard');
    expect(heard).toEqual(['polite: Booking confirmed.', 'assertive: Enter a valid card number']);
  });
});
