// jsdom without the Fetch API: React Router's data routers build a `Request` for every navigation.
// Test files that render the app's router opt in with `@jest-environment ./test/unit/web/jsdom-with-fetch.cjs`.
const JsdomEnvironment = require('jest-environment-jsdom').default;

class JsdomWithFetch extends JsdomEnvironment {
  async setup() {
    await super.setup();
    // Node's own implementations; AbortController too, since Node's Request rejects jsdom's AbortSignal.
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'AbortController',
      'AbortSignal',
    ]) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
