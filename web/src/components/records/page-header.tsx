import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_TITLE_SIZE } from '../heading-size';

/** A record screen's heading: an optional way back, the title (h1), a line under it and its actions. */
export function PageHeader({
  title,
  description,
  back,
  actions,
  badge,
  descriptionWidth,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** The widest the line under the title may run (a long one reads better kept short). */
  descriptionWidth?: number;
  back?: { to: string; label: string };
  actions?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      {back ? (
        <Anchor component={Link} to={back.to} size="sm" w="fit-content">
          ← {back.label}
        </Anchor>
      ) : null}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Group gap="sm" align="center">
            <Title
              order={1}
              size="h2"
              style={{ ...PAGE_TITLE_SIZE, overflowWrap: 'break-word', minWidth: 0 }}
            >
              {title}
            </Title>
            {badge}
          </Group>
          {description ? (
            <Text c="dimmed" maw={descriptionWidth}>
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
