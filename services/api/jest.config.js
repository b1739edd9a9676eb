module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'api',
  rootDir: __dirname,
  testTimeout: 30000,
  // The worker (job port, processors, geo adapters) from source too, like the libraries.
  moduleNameMapper: {
    ...require('../../jest.preset.js').moduleNameMapper,
    '^@reloc/worker$': require('node:path').join(__dirname, '../worker/src/index.ts'),
  },
};
