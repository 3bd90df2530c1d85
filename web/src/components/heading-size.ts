/**
 * Font sizes of page and section headings that shrink on a phone with no media query (so no flash of
 * the wide size while a hook reads the screen): a 390 px screen gets about one step smaller (h3 for a
 * page title, h4 for a section's), a laptop the full size. Inline, so it outranks Title's own size.
 */
export const PAGE_TITLE_SIZE = {
  fontSize: 'clamp(var(--mantine-h3-font-size), 1rem + 1.6vw, var(--mantine-h2-font-size))',
} as const;

export const SECTION_TITLE_SIZE = {
  fontSize: 'clamp(var(--mantine-h4-font-size), 0.75rem + 1.6vw, var(--mantine-h3-font-size))',
} as const;
