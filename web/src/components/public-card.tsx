import { Card, Stack, Title, type MantineSpacing } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * The one card of a public page opened from a link in a message (confirm the crew, unsubscribe): the
 * page's main landmark, named by its title (h1), narrow and centred.
 */
export function PublicCard({
  title,
  padding = 'lg',
  children,
}: {
  title: string;
  padding?: MantineSpacing;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card withBorder padding={padding} maw={520} mx="auto" component="main" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={1} size="h3" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
