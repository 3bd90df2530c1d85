import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { matchMediaStub, resetMediaQueries } from './media-query';

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
