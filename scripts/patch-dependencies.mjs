// Fixes in installed dependencies that their authors have not released yet (run by `npm install` as the
// postinstall step; safe to run again). Each fix names the upstream report; when a release carries it,
// upgrade and delete the fix here. See docs/decisions (postgres.js write on a closed connection).
//
// postgres.js 3.4.9 (the newest release): a small write is flushed by a setImmediate; when the connection
// closes first (pg_terminate_backend, a restart, a pooler recycling it), the flush calls socket.write on
// null and throws outside any request — the process dies (porsager/postgres#1154, #1208; PRs #1168, #1209
// unmerged). Both teardown paths also leave the cancelled timer set, so the connection never flushes again.
// The fix: a flush with no socket rejects the waiting queries with CONNECTION_CLOSED (a catchable error)
// instead of throwing, and teardown forgets the cancelled timer and the unsent bytes.
// Same release, found here: a query cut off by a terminated backend keeps its ErrorResponse (57P01) after
// the connection closed, and the reconnected connection hands that stale error to the first query it runs
// (its ReadyForQuery finds it), so a retry a second later failed with "terminating connection due to
// administrator command". The fix: a closed connection forgets its query and that error.
// Same release, found here: on each new connection postgres.js fetches the array types before the first
// query, and nothing awaits that fetch; when the backend is terminated during it, its rejection is
// unhandled (the closed connection has already rejected the queries waiting, and the next connection
// fetches the types again). The fix: that rejection is caught.
// Same release, found here (a search's transaction hung for good while connections were terminated): a
// socket error rejects the queries sent so far, but a statement sent between the error and the close (a
// transaction's ROLLBACK after its statement failed) stayed in the connection's queue, unsent and never
// rejected, when the close came with an error. The pool reopened the connection for another caller, whose
// answers were then matched to that ROLLBACK, one query off, and the last one waited for ever. The fix:
// the close rejects whatever is still queued, whether or not an error came first. And a transaction whose
// connection closed no longer sends its statements (its ROLLBACK) to that connection: the pool may have
// reopened it for another caller already.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MARK = 'patched by the store (scripts/patch-dependencies.mjs)';

const POSTGRES_FIXES = [
  {
    find: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n',
    replace:
      '  function nextWrite(fn) {\n' +
      `    if (!socket) { // ${MARK}: closed before this flush\n` +
      '      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n' +
      '      chunk = nextWriteTimer = null\n' +
      "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
      '      return false\n' +
      '    }\n' +
      '    const x = socket.write(chunk, fn)\n',
    times: 1,
  },
  {
    find: '    clearImmediate(nextWriteTimer)\n',
    replace: `    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null // ${MARK}\n`,
    times: 2, // terminate() and closed()
  },
  {
    find: "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    replace:
      `    ;(query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket)) // ${MARK}: also after an error\n` +
      `    query = errorResponse = null // ${MARK}: rejected by now; nothing of it reaches the next connection\n`,
    times: 1,
  },
  {
    find: '        return fetchArrayTypes()\n',
    replace: `        return fetchArrayTypes().catch(() => {}) // ${MARK}: the close rejects the waiting queries\n`,
    times: 1,
  },
];

const POSTGRES_TRANSACTION_FIXES = [
  {
    find: '      , connection\n',
    replace: `      , connection\n      , heldBy // ${MARK}: this transaction's hold on its connection\n`,
    times: 1,
  },
  {
    find: '      c.reserved = () => queries.length\n        ? c.execute(queries.shift())\n        : move(c, reserved)\n',
    replace:
      '      c.reserved = () => queries.length\n        ? c.execute(queries.shift())\n        : move(c, reserved)\n' +
      `      heldBy = c.reserved // ${MARK}\n`,
    times: 1,
  },
  {
    find: '        q.catch(e => uncaughtError || (uncaughtError = e))\n',
    replace:
      '        q.catch(e => uncaughtError || (uncaughtError = e))\n' +
      `        if (c.reserved !== heldBy) // ${MARK}: closed since, maybe reopened for another caller\n` +
      "          return q.reject(Errors.connection('CONNECTION_CLOSED', options))\n",
    times: 1,
  },
];

const PATCHES = ['src', 'cjs/src', 'cf/src'].flatMap((dir) => [
  { file: `node_modules/postgres/${dir}/connection.js`, fixes: POSTGRES_FIXES },
  { file: `node_modules/postgres/${dir}/index.js`, fixes: POSTGRES_TRANSACTION_FIXES },
]);

function count(text, part) {
  return text.split(part).length - 1;
}

let failed = false;
for (const { file, fixes } of PATCHES) {
  const target = path.join(ROOT, file);
  if (!existsSync(target)) continue; // e.g. a production install without that package's variant
  let text = readFileSync(target, 'utf8');
  if (text.includes(MARK)) continue;
  for (const { find, replace, times } of fixes) {
    if (count(text, find) !== times) {
      console.error(
        `patch-dependencies: ${file} is not the code this fix was written for (expected ${times} × ${JSON.stringify(find.trim().split('\n')[0])}). ` +
          'If the new release fixes it, delete the fix from scripts/patch-dependencies.mjs; otherwise adapt it.',
      );
      failed = true;
      break;
    }
    text = text.replaceAll(find, replace);
  }
  if (!failed) {
    writeFileSync(target, text);
    console.log(`patch-dependencies: fixed ${file}`);
  }
}
if (failed) process.exit(1);
