import { Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * On phones only, in place of a table that would scroll sideways: a bare list (`ul`, no bullets), one
 * `li` block per row, named for screen readers by `label`.
 */
export function PhoneList({
  label,
  gap = 0,
  children,
}: {
  label: string;
  gap?: MantineSpacing | 0;
  children: ReactNode;
}) {
  return (
    <Stack
      component="ul"
      hiddenFrom="sm"
      gap={gap}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {children}
    </Stack>
  );
}
