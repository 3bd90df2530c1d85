import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A settings page the account cannot use yet: what is locked, why (the plan's refusal or a role's), and,
 * when a plan would open it, the way up ("See Enterprise" to /subscription).
 */
export function PlanLockedCard({
  title,
  reason,
  upgrade = 'See Enterprise',
  titleId,
}: {
  title: string;
  reason: ReactNode;
  /** The upgrade button's words; `null` where no plan opens it (e.g. a role the owner must hold). */
  upgrade?: string | null;
  /** The title's id where a test or link names it; generated otherwise. */
  titleId?: string;
}) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Text size="sm">{reason}</Text>
        {upgrade === null ? null : (
          <Group>
            <Button component={Link} to="/subscription">
              {upgrade}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
