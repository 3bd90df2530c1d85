import { Card, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One titled card of a record's page (Details, Jobsites, Members …), named by its title for screen readers. */
export function RecordSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
