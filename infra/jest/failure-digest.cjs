// A jest reporter that writes each failing test (file, name, the start of its message) to
// test-results/failures/<project>.txt. `npm test` prints these files again at its very end:
// a CI log shown only by its tail would otherwise end on the suites that ran after a failure
// and hide which test failed.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const { stripVTControlCharacters } = require('node:util');

const root = join(__dirname, '..', '..');
const DIGEST_DIR = join(root, 'test-results', 'failures');
const MESSAGE_LINES = 25;

const excerpt = (message) => {
  // Jest's own frames say nothing of the test.
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => !/^\s+at .*node_modules/.test(line));
  const kept = lines.slice(0, MESSAGE_LINES).map((line) => `      ${line}`);
  if (lines.length > MESSAGE_LINES)
    kept.push(`      … (${lines.length - MESSAGE_LINES} lignes de plus)`);
  return kept.join('\n');
};

class FailureDigestReporter {
  constructor(globalConfig) {
    this.globalConfig = globalConfig;
  }

  onRunComplete(contexts, results) {
    const project = [...contexts][0]?.config.displayName?.name ?? 'jest';
    const file = join(DIGEST_DIR, `${project}.txt`);
    const entries = [];
    for (const suite of results.testResults) {
      const path = relative(root, suite.testFilePath);
      if (suite.testExecError)
        entries.push(
          `  ${path}: la suite n'a pas pu tourner\n${excerpt(suite.testExecError.message ?? String(suite.testExecError))}`,
        );
      for (const test of suite.testResults) {
        if (test.status !== 'failed') continue;
        entries.push(
          `  ${path} › ${test.fullName}\n${test.failureMessages.map(excerpt).join('\n')}`,
        );
      }
      if (!suite.testExecError && suite.failureMessage && suite.numFailingTests === 0)
        entries.push(`  ${path}\n${excerpt(suite.failureMessage)}`);
    }
    if (entries.length === 0) return;
    mkdirSync(DIGEST_DIR, { recursive: true });
    writeFileSync(file, `${project}: ${entries.length} échec(s)\n${entries.join('\n\n')}\n`);
  }
}

module.exports = FailureDigestReporter;
