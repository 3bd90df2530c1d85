import { Stack } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { PageHeader } from './page-header';

/** A record screen's page: its header (title, the way back, actions) above what it shows. */
export function RecordPage({
  children,
  ...header
}: ComponentProps<typeof PageHeader> & { children: ReactNode }) {
  return (
    <Stack gap="lg">
      <PageHeader {...header} />
      {children}
    </Stack>
  );
}
