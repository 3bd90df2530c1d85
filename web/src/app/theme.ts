import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // White on blue-6 (Mantine's default) is 3.6:1; blue-8 passes WCAG AA (4.5:1) for button labels.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/**
 * Contrast fixes found by the axe scans in test/e2e/public-site.spec.ts: Mantine's "dimmed" text
 * (gray-6, 3.3:1 on white; dark-2, 2.9:1 on the plans band in dark) and the light variants' text are
 * below WCAG AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-green-light-color': '#1e6b31',
    // The dashboard's yellow "needs a plan" alert title (yellow-9 on yellow-0 is about 2.3:1).
    '--mantine-color-yellow-light-color': '#7a4a00',
    // Status badges (light variant: the colour's text on a 10% tint of it); Mantine's shade 6 text is
    // 3–4:1 there. These darker shades keep 4.5:1 on the tint (the admin tables' statuses, alerts).
    '--mantine-color-red-light-color': '#a61e1e',
    '--mantine-color-orange-light-color': '#9a3a06',
    '--mantine-color-teal-light-color': '#06644a',
    '--mantine-color-grape-light-color': 'var(--mantine-color-grape-9)',
    '--mantine-color-cyan-light-color': '#0a5f6e',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
    // Field errors and required marks (red-6 on white is about 3.9:1).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
