/**
 * A badge's style in a table or a tight row: as wide as its word. A Mantine badge ellipsises its label,
 * so a table squeezed on a phone would shrink it to "A…"; the long name beside it wraps instead.
 */
export const WHOLE = { minWidth: 'max-content' } as const;
