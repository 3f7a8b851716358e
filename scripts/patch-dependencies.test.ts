// The fixes scripts/patch-dependencies.mjs makes at `npm install` are in place (a fresh checkout that
// skipped install scripts would run the store with postgres.js's crash on a closed connection).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const dirs = ['src', 'cjs/src', 'cf/src'].map((dir) => path.join(ROOT, 'node_modules/postgres', dir));
const copies = dirs.flatMap((dir) => [path.join(dir, 'connection.js'), path.join(dir, 'index.js')]);

describe('patched dependencies', () => {
  it('postgres.js flushes nothing after close, and a closed connection keeps no stale error', () => {
    for (const file of copies.filter((copy) => copy.endsWith('connection.js'))) {
      const text = readFileSync(file, 'utf8');
      expect(text, `${file}: run npm install (its postinstall patches it)`).toMatch(
        /function nextWrite\(fn\) \{\n\s+if \(!socket\) \{/,
      );
      expect(text.match(/chunk = nextWriteTimer = null \/\/ patched/g), file).toHaveLength(2);
      expect(text, file).toContain('query = errorResponse = null // patched');
      // The close rejects what is still queued, also after a socket error (decision 0130).
      expect(text, file).toMatch(/^ {4};\(query \|\| sent\.length\) && error\(/m);
    }
  });

  it('postgres.js: a transaction sends nothing to a connection it lost', () => {
    for (const file of copies.filter((copy) => copy.endsWith('index.js'))) {
      const text = readFileSync(file, 'utf8');
      expect(text, `${file}: run npm install (its postinstall patches it)`).toContain('heldBy = c.reserved // patched');
      expect(text, file).toMatch(/if \(c\.reserved !== heldBy\)[^\n]*\n\s+return q\.reject\(/);
    }
  });

  it('running the script again changes nothing', () => {
    const before = copies.map((file) => readFileSync(file, 'utf8'));
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/patch-dependencies.mjs')]);
    expect(copies.map((file) => readFileSync(file, 'utf8'))).toEqual(before);
  });
});
