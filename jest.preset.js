// Shared jest settings: swc for speed (with decorator metadata, or Nest DI breaks),
// and the workspace libraries read from source so tests need no prior build.
const path = require('node:path');

const root = __dirname;

module.exports = {
  testEnvironment: 'node',
  verbose: true,
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: true,
            react: { runtime: 'automatic' },
          },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@reloc/(domain|contracts|eventstore|pdf)$': path.join(root, 'libs/$1/src/index.ts'),
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // The failing tests also written to test-results/failures/, which `npm test` prints at its end.
  reporters: ['default', path.join(root, 'infra/jest/failure-digest.cjs')],
};
