// Names the browser tests that failed and then passed on their retry (Playwright's "flaky"), from the
// JSON reports given as arguments, with each report's counts. A flaky test is a defect to fix: CI shows it.
import { readFileSync } from 'node:fs';

function* tests(suite) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests) yield { spec, test };
  for (const child of suite.suites ?? []) yield* tests(child);
}

let flaky = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { expected = 0, unexpected = 0, flaky: flakyCount = 0, skipped = 0 } = report.stats ?? {};
  console.log(
    `${file.split('/').pop()}: ${expected} passed, ${unexpected} failed, ${flakyCount} flaky, ${skipped} skipped`,
  );
  for (const suite of report.suites ?? []) {
    for (const { spec, test } of tests(suite)) {
      if (test.status !== 'flaky') continue;
      flaky++;
      const failure = test.results.find((result) => result.status !== 'passed')?.error?.message?.split('\n')[0] ?? '';
      console.log(`  FLAKY ${spec.file}:${spec.line} ${spec.title}\n        first try: ${failure}`);
    }
  }
}
console.log(
  flaky === 0 ? 'No test passed only on its retry.' : `${flaky} test(s) passed only on their retry: fix them.`,
);
