import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACKUP_CODE_ALPHABET,
  base32,
  codeForStep,
  newBackupCodes,
  normaliseBackupCode,
  stepOfCode,
  timeStep,
} from './totp';

describe('authenticator codes', () => {
  it('matches RFC 6238’s SHA-1 test vector (secret "12345678901234567890", 59 s → 287082)', () => {
    expect(codeForStep('12345678901234567890', timeStep(59_000))).toBe('287082');
    expect(base32('12345678901234567890')).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('tells which step a code belongs to, one step of drift either way, and nothing beyond', () => {
    const secret = 'a-secret-of-thirty-two-characters';
    const now = 1_800_000_000_000;
    const step = timeStep(now);
    expect(stepOfCode(secret, codeForStep(secret, step), now)).toBe(step);
    expect(stepOfCode(secret, codeForStep(secret, step - 1), now)).toBe(step - 1);
    expect(stepOfCode(secret, codeForStep(secret, step + 1), now)).toBe(step + 1);
    const stale = codeForStep(secret, step - 2);
    if (![step - 1, step, step + 1].some((s) => codeForStep(secret, s) === stale))
      expect(stepOfCode(secret, stale, now)).toBeNull();
  });
});

describe('backup codes', () => {
  it('never use look-alike characters (l, I, 1, 0, O)', () => {
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[lI10Oo]/);
    for (let i = 0; i < 50; i++) {
      for (const code of newBackupCodes()) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    }
    expect(new Set(newBackupCodes(10)).size).toBe(10);
  });

  it('are read back in the form they were issued, however they were typed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...newBackupCodes(20)), fc.boolean(), fc.boolean(), (code, lower, dropDash) => {
        let typed = lower ? code.toLowerCase() : code;
        if (dropDash) typed = typed.replace('-', ' ');
        expect(normaliseBackupCode(` ${typed} `)).toBe(code);
      }),
    );
  });
});
