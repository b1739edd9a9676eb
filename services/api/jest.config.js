module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'api',
  rootDir: __dirname,
  // Each file starts an api and seeds the demo (about 10 s on a loaded 2-core machine).
  testTimeout: 60000,
  // The worker (job port, processors, geo adapters) from source too, like the libraries.
  moduleNameMapper: {
    ...require('../../jest.preset.js').moduleNameMapper,
    '^@reloc/worker$': require('node:path').join(__dirname, '../worker/src/index.ts'),
  },
};
