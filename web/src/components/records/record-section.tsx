import { Card, Group, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * One titled card of a page (a record's Details, a settings section …), named by its title for screen
 * readers. `id` names the title where a link or test needs it; `actions` sit at the title's right;
 * `titleGap` is the space under the title.
 */
export function RecordSection({
  title,
  id,
  actions,
  titleGap = 'sm',
  children,
}: {
  title: ReactNode;
  id?: string;
  actions?: ReactNode;
  titleGap?: 'sm' | 'md';
  children: ReactNode;
}) {
  const generatedId = useId();
  const titleId = id ?? generatedId;
  const heading = (
    <Title order={2} size="h4" id={titleId} mb={actions ? undefined : titleGap}>
      {title}
    </Title>
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      {actions ? (
        <Group justify="space-between" mb={titleGap} gap="xs">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
}
