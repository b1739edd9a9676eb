// Component tests: jsdom, the shared swc transform, the workspace libs read from source.
const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'console',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/jest.environment.cjs',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.cjs'],
  // Waits for lazy screens (jest.setup.cjs) need room above jest's 5 s default.
  testTimeout: 30000,
  testPathIgnorePatterns: [...preset.testPathIgnorePatterns, '/e2e/', '/dist-mobile/'],
  // Build-time flags that Vite's `define` replaces in the bundles.
  globals: {
    __RELOC_MOBILE__: false,
    __RELOC_PRIVACY_URL__: 'https://example.test/privacy',
    __RELOC_PUBLIC_SITE_URL__: 'https://site.example.test',
  },
};
