import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstNameOf } from '../../lib/names';
import { INDIAN_MOBILE_MESSAGE } from '../../lib/india';
import {
  AUTH_MESSAGES,
  firstIssue,
  phoneCodeSchema,
  phoneOnlySchema,
  safeRedirect,
  signInSchema,
  signUpSchema,
} from './auth-forms';
import { phoneOnlyEmail } from './phone-accounts';

describe('account forms', () => {
  it('asks for an email or phone number before anything else (the spec’s message)', () => {
    const parsed = signInSchema.safeParse({ email: '  ', password: '' });
    expect(parsed.success).toBe(false);
    expect(firstIssue(parsed.error!)).toBe(AUTH_MESSAGES.missingIdentifier);
  });

  it('normalises the email and checks the sign-up passwords match', () => {
    expect(signInSchema.parse({ email: ' Asha@Example.IN ', password: 'x' }).email).toBe('asha@example.in');
    const mismatch = signUpSchema.safeParse({
      name: 'Asha',
      email: 'a@b.in',
      password: 'abcdefgh',
      confirm: 'abcdefgX',
    });
    expect(firstIssue(mismatch.error!)).toBe(AUTH_MESSAGES.passwordsDiffer);
    const short = signUpSchema.safeParse({ name: 'Asha', email: 'a@b.in', password: 'short', confirm: 'short' });
    expect(firstIssue(short.error!)).toBe(AUTH_MESSAGES.passwordTooShort);
  });

  it('takes a mobile as shoppers type it and keeps it as +91 and ten digits; refuses other numbers', () => {
    for (const phone of ['98765 43210', '+91 98765 43210', '09876543210'])
      expect(phoneOnlySchema.parse({ phone }).phone, phone).toBe('+919876543210');
    const foreign = phoneOnlySchema.safeParse({ phone: '+44 7911 123456' });
    expect(firstIssue(foreign.error!)).toBe(INDIAN_MOBILE_MESSAGE);
    expect(firstIssue(phoneOnlySchema.safeParse({ phone: ' ' }).error!)).toBe(AUTH_MESSAGES.missingIdentifier);
    expect(phoneCodeSchema.parse({ phone: '9876543210', otp: ' 123456 ' })).toEqual({
      phone: '+919876543210',
      otp: '123456',
    });
    expect(firstIssue(phoneCodeSchema.safeParse({ phone: '9876543210', otp: '12345' }).error!)).toBe(
      AUTH_MESSAGES.invalidCode,
    );
    // A form missing a field (not one the page sends) gets the same words, not the parser's.
    expect(firstIssue(phoneCodeSchema.safeParse({ phone: '9876543210' }).error!)).toBe(AUTH_MESSAGES.invalidCode);
    expect(firstIssue(phoneOnlySchema.safeParse({}).error!)).toBe(AUTH_MESSAGES.missingIdentifier);
  });

  it('never takes the placeholder email of an account made by phone as an email', () => {
    const parsed = signInSchema.safeParse({ email: phoneOnlyEmail('+919876543210'), password: 'x' });
    expect(firstIssue(parsed.error!)).toBe(AUTH_MESSAGES.invalidEmail);
  });

  it('only redirects to paths on this site after signing in', () => {
    expect(safeRedirect('/orders?page=2')).toBe('/orders?page=2');
    expect(safeRedirect('https://evil.example/')).toBe('/dashboard');
    expect(safeRedirect('//evil.example/')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirect(undefined, '/')).toBe('/');
  });

  it('reads the target as a browser would: a tab, a newline or a dot-segment cannot lead off the site', () => {
    expect(safeRedirect('/\t/evil.example/')).toBe('/dashboard');
    expect(safeRedirect('/\n/evil.example/')).toBe('/dashboard');
    expect(safeRedirect('/x/..//evil.example/')).toBe('/dashboard');
    expect(safeRedirect('/orders\r\nSet-Cookie: a=b')).toBe('/ordersSet-Cookie:%20a=b');
    expect(safeRedirect('/checkout?step=2#pay')).toBe('/checkout?step=2#pay');
  });

  it('whatever string it is given, answers a path on this site that a Location header can carry', () => {
    const risky = fc.constantFrom(
      '/',
      '\\',
      '\t',
      '\n',
      '\r',
      ' ',
      ':',
      '.',
      '..',
      '%2f',
      '%09',
      '@',
      '?',
      '#',
      'evil.example',
      'javascript:',
      'http:',
    );
    const target = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.array(risky, { maxLength: 12 }).map((parts) => parts.join('')),
      fc.array(risky).map((parts) => `/${parts.join('')}`),
    );
    fc.assert(
      fc.property(target, (input) => {
        const path = safeRedirect(input);
        expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
        expect(new URL(path, 'https://vedara.in').origin).toBe('https://vedara.in');
        expect(() => new Headers({ location: path })).not.toThrow();
        expect(path).not.toMatch(/\s/);
      }),
      { numRuns: 2000 },
    );
  });

  it('greets by first name', () => {
    expect(firstNameOf('  Asha   Rao ')).toBe('Asha');
  });
});
