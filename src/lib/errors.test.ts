import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATUS_OF_CODE, statusOf } from '../server/http/error-status';
import { DomainError, ERROR_CODES, refusal } from './errors';

describe('one way to say no', () => {
  it('gives every code a 4xx or 5xx status, and no two codes the same one', () => {
    const statuses = ERROR_CODES.map(statusOf);
    for (const status of statuses) expect(status >= 400 && status < 600, String(status)).toBe(true);
    expect(new Set(statuses).size).toBe(ERROR_CODES.length);
    expect(Object.keys(STATUS_OF_CODE).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('carries the same refusal returned or thrown', () => {
    expect(refusal('conflict', 'Only 2 left.')).toEqual({ ok: false, code: 'conflict', message: 'Only 2 left.' });
    expect(refusal('unprocessable', 'Check.', { pin: 'Enter a PIN.' })).toEqual({
      ok: false,
      code: 'unprocessable',
      message: 'Check.',
      errors: { pin: 'Enter a PIN.' },
    });
    const thrown = new DomainError('gone', 'This link has expired.');
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown.toRefusal()).toEqual(refusal('gone', 'This link has expired.'));
  });

  // A feature or a rule that answered with an HTTP status (`{ ok: false, status: 409 }`) would decide the
  // boundary's business: the status comes from the code, in src/server/http/error-status.ts only.
  it('leaves HTTP statuses to the boundary: features and rules answer with codes', () => {
    const root = path.resolve(__dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
    const files = [...walk(path.join(root, 'features')), ...walk(path.join(root, 'lib'))].filter(
      (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (!/\bstatus\??:\s*[45]\d\d\b/.test(line)) return;
        // A Response a feature's request handler builds is the boundary itself.
        const context = lines.slice(Math.max(0, index - 3), index + 1).join('\n');
        if (/\bResponse\b|Response\.json/.test(context)) return;
        offenders.push(`${path.relative(root, file)}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
