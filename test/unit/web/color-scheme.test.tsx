import { useMantineColorScheme } from '@mantine/core';
import { AppProvider } from '../../../web/src/app/provider';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  COLOR_SCHEME_STORAGE_KEY,
  createColorSchemeManager,
  parseStoredColorScheme,
  resolveColorScheme,
} from '../../../web/src/lib/color-scheme';
import { setSystemColorScheme } from './media-query';

describe('resolveColorScheme', () => {
  it.each([
    [null, false, 'light'],
    [null, true, 'dark'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
  ] as const)('should give %s + system dark=%s → %s when resolving', (stored, systemDark, expected) => {
    expect(resolveColorScheme(stored, systemDark)).toBe(expected);
  });
});

describe('parseStoredColorScheme', () => {
  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    ['auto', null],
    ['purple', null],
    [null, null],
  ] as const)('should read %j as %j when parsing storage', (raw, expected) => {
    expect(parseStoredColorScheme(raw)).toBe(expected);
  });
});

describe('createColorSchemeManager', () => {
  it('should return the default when nothing is stored', () => {
    expect(createColorSchemeManager(window.localStorage).get('auto')).toBe('auto');
  });

  it('should store an explicit choice and remove it when the user picks auto again', () => {
    const manager = createColorSchemeManager(window.localStorage);
    manager.set('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(manager.get('auto')).toBe('dark');

    manager.set('auto');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBeNull();
    expect(manager.get('auto')).toBe('auto');
  });

  it('should ignore a corrupt stored value when reading', () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'sepia');
    expect(createColorSchemeManager(window.localStorage).get('auto')).toBe('auto');
  });
});

describe('dark mode in the app', () => {
  function Choose() {
    const { setColorScheme } = useMantineColorScheme();
    return (
      <>
        <button onClick={() => setColorScheme('light')}>Light</button>
        <button onClick={() => setColorScheme('auto')}>System</button>
      </>
    );
  }

  function renderApp() {
    // The app's own providers, so the test covers how the app configures Mantine.
    return render(
      <AppProvider>
        <Choose />
      </AppProvider>,
    );
  }

  const shown = () => document.documentElement.getAttribute('data-mantine-color-scheme');

  afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

  it('should follow the system preference, including changes, when no choice is stored', () => {
    setSystemColorScheme('dark');
    renderApp();
    expect(shown()).toBe('dark');

    act(() => setSystemColorScheme('light'));
    expect(shown()).toBe('light');
    act(() => setSystemColorScheme('dark'));
    expect(shown()).toBe('dark');
  });

  it('should keep the stored choice when the system preference changes', () => {
    setSystemColorScheme('dark');
    renderApp();

    fireEvent.click(screen.getByRole('button', { name: 'Light' }));
    expect(shown()).toBe('light');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');

    act(() => setSystemColorScheme('light'));
    act(() => setSystemColorScheme('dark'));
    expect(shown()).toBe('light');
  });

  it('should use a choice stored in an earlier visit when the app starts', () => {
    setSystemColorScheme('light');
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    renderApp();
    expect(shown()).toBe('dark');
  });

  it('should follow the system again when the user picks System', () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'light');
    setSystemColorScheme('dark');
    renderApp();
    expect(shown()).toBe('light');

    fireEvent.click(screen.getByRole('button', { name: 'System' }));
    expect(shown()).toBe('dark');
    act(() => setSystemColorScheme('light'));
    expect(shown()).toBe('light');
  });
});
