import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { matchMediaStub, resetMediaQueries } from './media-query';

// The app's routes are lazy: the first test to open one makes Jest transform and load that module,
// which on a loaded 2-core machine can take longer than Testing Library's default 1 s wait (the
// router tests failed that way under load and passed alone). A longer ceiling on waiting for what
// the user would see is not a timing assertion: a test that finds its element returns at once.
configure({ asyncUtilTimeout: 5000 });

// React Router needs these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lacks these browser APIs that Mantine uses.
Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: matchMediaStub });

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});
Object.defineProperty(globalThis, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// React Router's ScrollRestoration scrolls on navigation; jsdom only logs "not implemented".
window.scrollTo = () => undefined;

afterEach(() => {
  resetMediaQueries();
  window.localStorage.clear();
});
