import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { count } from './kpi';
import {
  SES_THRESHOLDS,
  type DeliveryHealthState,
  type EmailHealth,
} from '../../../../../shared/admin-money';

const STATE: Record<DeliveryHealthState, { label: string; color: string; say: string }> = {
  ok: { label: 'OK', color: 'green', say: 'Below the levels at which SES reviews an account.' },
  warning: {
    label: 'Warning',
    color: 'yellow',
    say: 'At or above the level at which SES puts an account under review. Find the bad addresses.',
  },
  'at-risk': {
    label: 'At risk',
    color: 'red',
    say: 'At or above the level at which SES may pause sending. Act now.',
  },
};

/** The two rates SES watches: what each is called, what it counts, and where its figures sit in EmailHealth. */
const RATES = {
  bounce: { label: 'Bounce rate', noun: 'hard bounces', count: 'bounced', limits: SES_THRESHOLDS.bounce },
  complaint: {
    label: 'Complaint rate',
    noun: 'complaints',
    count: 'complained',
    limits: SES_THRESHOLDS.complaint,
  },
} as const satisfies Record<string, { count: keyof EmailHealth } & Record<string, unknown>>;

function Rate({ kind, health }: { kind: keyof typeof RATES; health: EmailHealth }) {
  const { label, noun, limits } = RATES[kind];
  const rate = health[`${kind}Rate`];
  const state = health[`${kind}State`];
  const count = health[RATES[kind].count];
  const pause = limits.pause * 100;
  const fill = Math.min(rate / pause, 1) * 100;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Badge color={STATE[state].color} variant="light">
          {STATE[state].label}
        </Badge>
      </Group>
      <Text fz={24} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {rate}%
      </Text>
      <Box
        h={10}
        style={{ borderRadius: 5, background: 'var(--mantine-color-default-border)', overflow: 'hidden' }}
        aria-hidden="true"
      >
        <Box
          h="100%"
          w={`${fill}%`}
          style={{ background: `var(--mantine-color-${STATE[state].color}-filled)` }}
        />
      </Box>
      <Text size="xs" c="dimmed">
        {count.toLocaleString('en-US')} {noun} · SES reviews at {limits.review * 100}%, may pause at {pause}%
      </Text>
    </Stack>
  );
}

/** Bounce and complaint rates of the last 30 days against SES's thresholds. */
export function EmailHealthCard({ health }: { health: EmailHealth }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="email-health-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h4" id="email-health-title">
              Email delivery health
            </Title>
            <Text size="sm" c="dimmed">
              Last {health.days} days ({health.from} to {health.to}): {count(health.sent, 'email')} sent.
            </Text>
          </div>
          <Badge size="lg" variant="light" color={STATE[health.state].color}>
            {STATE[health.state].label}
          </Badge>
        </Group>
        <Text size="sm">
          {health.sent === 0 ? 'Nothing sent in this window yet.' : STATE[health.state].say}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Rate kind="bounce" health={health} />
          <Rate kind="complaint" health={health} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
