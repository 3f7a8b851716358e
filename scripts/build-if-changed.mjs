// `npm start`: serve the existing build, building first only when there is none or its sources changed.
// The sources' hash (every file under src/, content/, public/, scripts/build/, plus the lockfile and the
// configuration) is stored in dist/ next to the build it describes.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'src',
  'content',
  'public',
  'scripts/build',
  'package.json',
  'package-lock.json',
  'astro.config.mjs',
  'tsconfig.json',
];
const HASH_FILE = path.join(root, 'dist', '.source-hash');
const ENTRY = path.join(root, 'dist', 'server', 'entry.mjs');

export function sourceHash() {
  const hash = createHash('sha256');
  const add = (relative) => {
    const full = path.join(root, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) add(path.join(relative, name));
      return;
    }
    hash.update(`${relative}\0`).update(fs.readFileSync(full)).update('\0');
  };
  for (const source of SOURCES) add(source);
  return hash.digest('hex');
}

const current = sourceHash();
const built = fs.existsSync(ENTRY) && fs.existsSync(HASH_FILE) ? fs.readFileSync(HASH_FILE, 'utf8').trim() : '';
if (built === current) {
  console.log('Build is current (sources unchanged): serving it.');
} else {
  console.log(built ? 'Sources changed since the last build: building.' : 'No build yet: building.');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(HASH_FILE, `${current}\n`);
}
