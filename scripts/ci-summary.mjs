// Totals the vitest JSON reports given as arguments into one line: "N passed, N failed".
// A missing report counts as a failure: a run that never wrote its report did not pass.
// What failed is named above that line, since CI logs are often read from their tail only.
import fs from "node:fs";

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`missing report ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.success === false && report.numFailedTests === 0 ? 1 : 0);
  for (const suite of report.testResults ?? []) {
    const failures = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failures) console.error(`failed: ${suite.name} > ${test.fullName}\n  ${firstLine(test.failureMessages)}`);
    // A file that failed with no failed test: it did not load, or an error escaped its tests.
    if (suite.status === "failed" && failures.length === 0) console.error(`failed: ${suite.name}\n  ${firstLine([suite.message])}`);
  }
  if (report.success === false && report.numFailedTests === 0)
    console.error(`${file}: the run did not succeed (an error outside any test)`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

function firstLine(messages) {
  return String(messages?.find(Boolean) ?? "").split("\n")[0];
}
