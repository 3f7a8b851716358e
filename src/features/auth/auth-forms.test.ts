import { describe, expect, it } from 'vitest';
import { firstNameOf } from '../../lib/names';
import { AUTH_MESSAGES, firstIssue, safeRedirect, signInSchema, signUpSchema } from './auth-forms';

describe('account forms', () => {
  it('asks for an email or phone number before anything else (the spec’s message)', () => {
    const parsed = signInSchema.safeParse({ email: '  ', password: '' });
    expect(parsed.success).toBe(false);
    expect(firstIssue(parsed.error!)).toBe(AUTH_MESSAGES.missingIdentifier);
  });

  it('normalises the email and checks the sign-up passwords match', () => {
    expect(signInSchema.parse({ email: ' Asha@Example.IN ', password: 'x' }).email).toBe('asha@example.in');
    const mismatch = signUpSchema.safeParse({ name: 'Asha', email: 'a@b.in', password: 'abcdefgh', confirm: 'abcdefgX' });
    expect(firstIssue(mismatch.error!)).toBe(AUTH_MESSAGES.passwordsDiffer);
    const short = signUpSchema.safeParse({ name: 'Asha', email: 'a@b.in', password: 'short', confirm: 'short' });
    expect(firstIssue(short.error!)).toBe(AUTH_MESSAGES.passwordTooShort);
  });

  it('only redirects to paths on this site after signing in', () => {
    expect(safeRedirect('/orders?page=2')).toBe('/orders?page=2');
    expect(safeRedirect('https://evil.example/')).toBe('/dashboard');
    expect(safeRedirect('//evil.example/')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirect(undefined, '/')).toBe('/');
  });

  it('greets by first name', () => {
    expect(firstNameOf('  Asha   Rao ')).toBe('Asha');
  });
});
