import { Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminMetrics } from '../../../../../shared/admin-money';
import { QueryBlock } from '../../../components/records/query-state';
import { FIGURES_LOADING, FiguresNote } from './figures';

/** A titled part of an admin page: the section is named by its h2, for screen readers' landmarks. */
export function AdminSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Admin figures once /api/admin/metrics has answered, with the note on how they are computed. */
export function FiguresBlock({
  metrics,
  children,
}: {
  metrics: UseQueryResult<AdminMetrics>;
  children: (data: AdminMetrics) => ReactNode;
}) {
  return (
    <QueryBlock query={metrics} loading={FIGURES_LOADING} errorTitle="Could not load the figures">
      {(data) => (
        <>
          {children(data)}
          <FiguresNote />
        </>
      )}
    </QueryBlock>
  );
}
