module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'api',
  rootDir: __dirname,
  // Each file starts an api and seeds the demo (about 10 s on a loaded 2-core machine).
  testTimeout: 60000,
  // One file at a time (`--maxWorkers=1`) in a worker process, replaced once it holds more
  // than this after a file: in one process the heap grew to 1.9 GB over the suite, whose
  // collections pause for longer, and the suite took 375 s (319 s this way).
  workerIdleMemoryLimit: '700MB',
  // The worker (job port, processors, geo adapters) from source too, like the libraries.
  moduleNameMapper: {
    ...require('../../jest.preset.js').moduleNameMapper,
    '^@reloc/worker$': require('node:path').join(__dirname, '../worker/src/index.ts'),
  },
};
