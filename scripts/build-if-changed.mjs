// `npm start`: serve the existing build, building first only when there is none or its sources changed.
// The sources' hash (every file under src/, content/, public/, scripts/build/, plus the lockfile and the
// configuration) is stored in dist/ next to the build it describes. The configuration counts because the
// pre-rendered pages carry some of it (the store's identity and licences in the footer and policies, the
// site's address in their links): a brand that sets its legal name must not be served the old one.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

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
  const envFile = process.env.ENV_FILE ?? '.env';
  const envText =
    envFile && fs.existsSync(path.resolve(root, envFile)) ? fs.readFileSync(path.resolve(root, envFile), 'utf8') : '';
  hash.update(configurationDigest(process.env, envText, fs.readFileSync(path.join(root, '.env.example'), 'utf8')));
  return hash.digest('hex');
}

/**
 * The configuration a build sees, as one digest: each variable `.env.example` documents, with the value
 * the environment gives it or, unset there, the `.env` file (as astro.config.mjs loads it).
 */
export function configurationDigest(environment, envFileText, exampleText) {
  const fromFile = parseEnv(envFileText);
  const names = Object.keys(parseEnv(exampleText)).sort();
  const hash = createHash('sha256');
  for (const name of names) hash.update(`${name}=${environment[name] ?? fromFile[name] ?? ''}\0`);
  return hash.digest('hex');
}

if (import.meta.main) buildIfChanged();

function buildIfChanged() {
  const current = sourceHash();
  const built = fs.existsSync(ENTRY) && fs.existsSync(HASH_FILE) ? fs.readFileSync(HASH_FILE, 'utf8').trim() : '';
  if (built === current) {
    console.log('Build is current (sources unchanged): serving it.');
  } else {
    console.log(built ? 'Sources changed since the last build: building.' : 'No build yet: building.');
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
    fs.writeFileSync(HASH_FILE, `${current}\n`);
  }
}
