import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { PLANS } from '../../../../../shared/plans';
import { timeLeftLabel, type SupportQueueItem } from '../../../../../shared/support';
import { SupportStatusBadge } from './support-thread-view';

interface Props {
  items: SupportQueueItem[];
  selected: string | null;
  onSelect: (id: string) => void;
  now: Date;
}

/** The admins' queue in its server order (priority plans first, then the oldest), each with its time left. */
export function SupportQueueList({ items, selected, onSelect, now }: Props) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Support queue">
      {items.map((r) => {
        const overdue = !r.firstResponseAt && Date.parse(r.respondBy) < now.getTime();
        return (
          <li key={r.id}>
            <UnstyledButton
              onClick={() => onSelect(r.id)}
              w="100%"
              aria-current={selected === r.id ? 'true' : undefined}
            >
              <Card
                withBorder
                padding="sm"
                style={selected === r.id ? { borderColor: 'var(--mantine-color-blue-filled)' } : undefined}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fw={600} truncate>
                    {r.subject}
                  </Text>
                  <SupportStatusBadge status={r.status} />
                </Group>
                <Text size="sm" c="dimmed" truncate>
                  {r.company ?? r.email} · {r.email}
                </Text>
                <Group gap="xs" mt={4}>
                  <Badge
                    variant={r.prioritySupport ? 'filled' : 'light'}
                    color={r.prioritySupport ? 'grape' : 'gray'}
                  >
                    {PLANS[r.plan].name}
                    {r.prioritySupport ? ' · priority' : ''}
                  </Badge>
                  <Text size="sm" c={overdue ? 'red' : undefined} fw={overdue ? 600 : undefined}>
                    {r.firstResponseAt
                      ? 'First answer sent'
                      : `First answer: ${timeLeftLabel(r.respondBy, now)}`}
                  </Text>
                  {r.assignee ? (
                    <Text size="sm" c="dimmed">
                      Assigned to {r.assignee}
                    </Text>
                  ) : null}
                </Group>
              </Card>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
