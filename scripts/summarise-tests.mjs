// Adds up jest's JSON reports into one closing line: "tests: N passed, N failed, N skipped".
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, skippedSuites = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
  skipped += report.numPendingTests + report.numTodoTests;
  // One report holds every project (scripts/test.sh runs them in one jest run): count them by folder.
  const byKind = new Map();
  for (const result of report.testResults) {
    const kind = /\/test\/(e2e|browser)\//.exec(result.name)?.[1] ?? 'unit';
    const counts = byKind.get(kind) ?? { passed: 0, failed: 0 };
    for (const assertion of result.assertionResults) {
      if (assertion.status === 'passed') counts.passed += 1;
      if (assertion.status === 'failed') counts.failed += 1;
    }
    byKind.set(kind, counts);
  }
  for (const [kind, counts] of byKind) console.log(`${kind.padEnd(8)} ${counts.passed} passed, ${counts.failed} failed`);
  // A file that runs on both databases counts once per run above; here each test counts once (issue 16: the
  // number of distinct tests may only grow).
  const runs = new Map();
  for (const result of report.testResults) {
    for (const assertion of result.assertionResults) {
      const key = `${path.relative(process.cwd(), result.name)} ${assertion.fullName.replace(/\((pglite|postgres)\)/g, '')}`;
      runs.set(key, (runs.get(key) ?? 0) + 1);
    }
  }
  const twice = [...runs.values()].filter((count) => count > 1).length;
  console.log(`distinct ${runs.size} tests, ${twice} of them run on both databases`);
}
if (Number(skippedSuites) > 0) console.log(`(${skippedSuites} suite group(s) skipped on this machine: see above)`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
