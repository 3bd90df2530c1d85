import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { PLANS, type PlanId } from '../../../../../shared/plans';
import { useSmsUsage } from '../api/get-sms-usage';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The plan's monthly SMS allowance and, where the SMS channel runs, the segments used this month:
 * what keeps texting's cost bounded. It counts segments, as carriers bill them, not texts. A plan
 * without SMS says which plans have it.
 */
export function SmsAllowanceCard({ plan }: { plan: PlanId }) {
  const { smsMonthlyAllowance: allowance, features } = PLANS[plan];
  const included = features.smsNotifications && allowance > 0;
  const usage = useSmsUsage(included);
  const used = usage.data?.used;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sms-allowance-title">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="sms-allowance-title">
            SMS notifications
          </Title>
          {included ? (
            <Text fw={600} data-testid="sms-allowance">
              {count(allowance)} SMS segments a month
            </Text>
          ) : null}
        </Group>
        {!included ? (
          <Text size="sm" c="dimmed" data-testid="sms-allowance">
            Not included on {PLANS[plan].name}. Premium and Enterprise text delay notices to crews who opt in.{' '}
            <Anchor href="#plans-title" underline="always">
              Compare plans
            </Anchor>
          </Text>
        ) : null}
        {included ? (
          <Text size="sm" c="dimmed" data-testid="sms-segments-note">
            The allowance counts segments, as carriers bill them: a text of up to 160 plain characters is one
            segment, a longer one (or one with emoji) counts two. Each text counts once, however many retries;
            the count restarts on the 1st (UTC).
          </Text>
        ) : null}
        {!included || used === undefined ? null : (
          <>
            <Progress
              value={Math.min(100, (used / allowance) * 100)}
              color={used >= allowance ? 'red' : used >= allowance * 0.8 ? 'yellow' : 'teal'}
              aria-label="SMS allowance used this month"
            />
            <Text size="sm" data-testid="sms-used">
              {count(used)} of {count(allowance)} segments used this month
              {used >= allowance ? ': texts pause until the 1st, email still goes out' : ''}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
