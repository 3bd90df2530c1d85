import { EmptyState, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PlaceholderPageProps {
  title: string;
  emptyTitle: string;
  description: ReactNode;
  action?: ReactNode;
}

/** A screen whose feature has nothing to show yet: its title and an honest empty state. */
export function PlaceholderPage({ title, emptyTitle, description, action }: PlaceholderPageProps) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <EmptyState title={emptyTitle} description={description} withIndicatorBackground py="xl">
        {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
      </EmptyState>
    </Stack>
  );
}
