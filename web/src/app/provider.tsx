import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { ToastHost } from '../components/toast-host';
import { AuthProvider } from '../lib/auth/auth-provider';
import { createColorSchemeManager } from '../lib/color-scheme';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = createColorSchemeManager();

/**
 * App-wide providers. TanStack Query is provided by the signed-in and admin layouts, so the landing
 * page does not download it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <ToastHost />
      <ErrorBoundary>
        <AuthProvider>{children}</AuthProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
