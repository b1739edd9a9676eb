// Lets a child process run the worker's TypeScript sources, as jest does (swc, the workspace
// libraries read from source): `node -r ./ts-register.js some-file.ts`. Tests only.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const swc = require('@swc/core');

const root = path.resolve(__dirname, '..', '..', '..', '..');
const aliases = {
  '@reloc/domain': path.join(root, 'libs/domain/src/index.ts'),
  '@reloc/eventstore': path.join(root, 'libs/eventstore/src/index.ts'),
  '@reloc/contracts': path.join(root, 'libs/contracts/src/index.ts'),
  '@reloc/pdf': path.join(root, 'libs/pdf/src/index.ts'),
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, aliases[request] ?? request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
