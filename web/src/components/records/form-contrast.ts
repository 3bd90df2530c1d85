import { useComputedColorScheme } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * Mantine's error red (red-6 on white, about 3.3:1) is below WCAG AA for the small error text,
 * required asterisks and invalid input text of a form (axe, test/e2e/records.spec.ts). Set on a form,
 * this darker red in light and lighter red in dark applies to everything inside it.
 * (Better in the theme's cssVariablesResolver, app-wide: see web/src/app/theme.ts.)
 */
export function useFormContrast(): CSSProperties {
  const dark = useComputedColorScheme('light') === 'dark';
  return {
    ['--mantine-color-error' as string]: dark ? 'var(--mantine-color-red-4)' : 'var(--mantine-color-red-9)',
  };
}
