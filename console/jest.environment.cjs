// jsdom with Node's fetch classes: react-router's data router builds a Request per
// navigation, and jsdom has neither Request nor the AbortSignal that Node's Request accepts.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal']) {
      this.global[name] = globalThis[name];
    }
    const { TextDecoder, TextEncoder } = require('node:util');
    Object.assign(this.global, { TextDecoder, TextEncoder });
  }
}

module.exports = JsdomWithFetchEnvironment;
