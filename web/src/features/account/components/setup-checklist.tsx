import { Anchor, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { AccountProfile } from '../../../../../shared/account';
import { setupChecklist } from '../../../../../shared/setup-checklist';

/** The dashboard's setup checklist: the steps still open, or nothing once every step is done. */
export function SetupChecklist({ profile }: { profile: Pick<AccountProfile, 'company'> }) {
  const steps = setupChecklist(profile);
  const open = steps.filter((s) => !s.done);
  if (open.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="setup-checklist-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="setup-checklist-title">
          Finish setting up
        </Title>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color="yellow" aria-hidden>
              !
            </ThemeIcon>
          }
        >
          {open.map((step) => (
            <List.Item key={step.id}>
              <Anchor component={Link} to={step.href} fw={600}>
                {step.label}
              </Anchor>
              <Text size="sm" c="dimmed">
                {step.detail}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
