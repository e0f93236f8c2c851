import { describe, expect, it } from 'vitest';
import { changePasswordSchema, describeUserAgent, resetPasswordSchema } from './account';
import { formErrors as formErrorsFor } from './auth';

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0', 'Edge on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', 'Chrome on Android'],
    [null, 'Unknown device'],
  ])('%s → %s', (ua, label) => {
    expect(describeUserAgent(ua)).toBe(label);
  });
});

describe('new-password rules', () => {
  it('the reset and change forms keep the sign-up messages', () => {
    expect(formErrorsFor(resetPasswordSchema, { token: 'x', password: 'abc', confirmPassword: '' })).toEqual({
      token: 'This link is invalid or has expired. Please ask for a new one.',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Confirm password is required',
    });
    expect(formErrorsFor(changePasswordSchema, { currentPassword: '', password: 'qwerty123', confirmPassword: 'qwerty123' })).toEqual({
      currentPassword: 'Current password is required',
      password: 'This password is too common. Choose another.',
    });
  });
});
