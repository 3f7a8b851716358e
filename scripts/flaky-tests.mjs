// Names the browser tests that failed and then passed on their retry (Playwright's "flaky") and those that
// failed on every try, from the JSON reports given as arguments, with each report's counts. A flaky test is
// a defect to fix: CI shows it. CI also runs this as its last word, so that a failed lane's tests are named
// in the end of the log (the part that is kept) and not only in the lane's output far above. A vitest JSON
// report (CI keeps one per vitest stage) is read too: its failed tests are named the same way.
import { readFileSync } from 'node:fs';

function* tests(suite) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests) yield { spec, test };
  for (const child of suite.suites ?? []) yield* tests(child);
}

let flaky = 0;
for (const file of process.argv.slice(2)) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`${file.split('/').pop()}: no report (the lane did not finish)`);
    continue;
  }
  if (report.testResults) {
    nameVitestFailures(file, report);
    continue;
  }
  const { expected = 0, unexpected = 0, flaky: flakyCount = 0, skipped = 0 } = report.stats ?? {};
  console.log(
    `${file.split('/').pop()}: ${expected} passed, ${unexpected} failed, ${flakyCount} flaky, ${skipped} skipped`,
  );
  for (const suite of report.suites ?? []) {
    for (const { spec, test } of tests(suite)) {
      if (test.status !== 'flaky' && test.status !== 'unexpected') continue;
      const failed = test.results.find((result) => result.status !== 'passed');
      const error = failed?.error;
      const where = error?.location ? ` (${error.location.file.split('/tests/').pop()}:${error.location.line})` : '';
      const failure = `${error?.message?.split('\n').slice(0, 3).join(' / ') ?? ''}${where}`;
      if (test.status === 'flaky') {
        flaky++;
        console.log(`  FLAKY ${spec.file}:${spec.line} ${spec.title}\n        first try: ${failure}`);
      } else {
        console.log(`  FAILED ${spec.file}:${spec.line} ${spec.title}\n        ${failure}`);
      }
      // Its steps (test.step) and how long each took: where a test that ran out of time stood.
      const steps = failed?.steps ?? [];
      if (steps.length)
        console.log(
          `        steps: ${steps.map((step) => `${step.title} ${(step.duration / 1000).toFixed(1)} s`).join(' › ')}`,
        );
      // What the test attached as text (a store's own output), its last lines: the log keeps its end.
      for (const attachment of failed?.attachments ?? []) {
        if (attachment.contentType !== 'text/plain' || !attachment.body) continue;
        const lines = Buffer.from(attachment.body, 'base64').toString('utf8').trimEnd().split('\n').slice(-25);
        console.log(`        ${attachment.name}, last lines:\n${lines.map((line) => `          ${line}`).join('\n')}`);
      }
    }
  }
}

// A vitest report (jest's shape): its counts, then each failed test with its file and the first lines of
// its error; a file that failed outside any test (an import, a hook) by its own message.
function nameVitestFailures(file, report) {
  const { numPassedTests = 0, numFailedTests = 0, numPendingTests = 0 } = report;
  console.log(
    `${file.split('/').pop()}: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`,
  );
  for (const testFile of report.testResults) {
    const where = testFile.name.split('/').slice(-3).join('/');
    const failed = testFile.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      const message = test.failureMessages
        .join('\n')
        .split('\n')
        .filter((line) => !line.includes('node_modules') && !line.includes('(<anonymous>)'))
        .slice(0, 6)
        .join(' / ');
      console.log(`  FAILED ${where} › ${test.fullName} (${Math.round(test.duration ?? 0)} ms)\n        ${message}`);
    }
    if (testFile.status === 'failed' && failed.length === 0)
      console.log(`  FAILED ${where}\n        ${testFile.message.split('\n').slice(0, 6).join(' / ')}`);
  }
}

console.log(
  flaky === 0 ? 'No test passed only on its retry.' : `${flaky} test(s) passed only on their retry: fix them.`,
);
