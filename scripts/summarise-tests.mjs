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
  console.log(`${file.replace(/\.json$/, '').padEnd(14)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
if (Number(skippedSuites) > 0) console.log(`(${skippedSuites} suite group(s) skipped on this machine: see above)`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
