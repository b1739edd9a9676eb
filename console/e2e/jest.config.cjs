// End-to-end tests: the real built API serving console/dist, driven through Debian's Chromium.
const path = require('node:path');
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'console-e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: path.join(__dirname, 'globalSetup.ts'),
  globalTeardown: path.join(__dirname, 'globalTeardown.ts'),
  verbose: true,
  testTimeout: 90_000,
  slowTestThreshold: 30,
};
