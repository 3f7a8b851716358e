// The fixes scripts/patch-dependencies.mjs makes at `npm install` are in place (a fresh checkout that
// skipped install scripts would run the store with postgres.js's crash on a closed connection).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const copies = ['src', 'cjs/src', 'cf/src'].map((dir) =>
  path.join(ROOT, 'node_modules/postgres', dir, 'connection.js'),
);

describe('patched dependencies', () => {
  it('postgres.js flushes nothing after close, and a closed connection keeps no stale error', () => {
    for (const file of copies) {
      const text = readFileSync(file, 'utf8');
      expect(text, `${file}: run npm install (its postinstall patches it)`).toMatch(
        /function nextWrite\(fn\) \{\n\s+if \(!socket\) \{/,
      );
      expect(text.match(/chunk = nextWriteTimer = null \/\/ patched/g), file).toHaveLength(2);
      expect(text, file).toContain('query = errorResponse = null // patched');
    }
  });

  it('running the script again changes nothing', () => {
    const before = copies.map((file) => readFileSync(file, 'utf8'));
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/patch-dependencies.mjs')]);
    expect(copies.map((file) => readFileSync(file, 'utf8'))).toEqual(before);
  });
});
