import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { MeResponse } from '../../../../../shared/account';
import { PLANS, type Limit } from '../../../../../shared/plans';
import { effectivePlan } from '../../../../../shared/subscription';

const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment past due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
};

function limitText(limit: Limit): string {
  return limit === null ? 'Unlimited' : String(limit);
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

/** The dashboard's account card: who is signed in, their plan, its status and its limits. */
export function AccountSummary({ me }: { me: MeResponse }) {
  const { profile, subscription } = me;
  const planId = effectivePlan(subscription);
  const plan = PLANS[planId];
  const notifying = plan.emailNotifications;
  // A subscription that no longer grants its plan (canceled, unpaid, …) has the limits of `none` (DESIGN §7).
  const limits = planId === subscription.plan ? subscription.features : plan.features;

  return (
    <Stack gap="lg">
      {!notifying ? (
        <Alert color="yellow" title="Automated notifications need an active plan" role="status">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              You can set up your jobsite and see its weather verdicts here, but Raincheck emails your crews
              only on a paid plan.
            </Text>
            <Button component={Link} to="/subscription">
              See plans
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Card withBorder padding="lg" component="section" aria-labelledby="account-title">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4" id="account-title">
            Your account
          </Title>
          <Badge color={notifying ? 'green' : 'gray'} variant="light">
            {notifying ? 'Notifications on' : 'Notifications off'}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          <Fact label="Email" value={profile.email} />
          <Fact label="Plan" value={plan.name} />
          <Fact label="Status" value={STATUS_LABEL[subscription.status] ?? subscription.status} />
          <Fact label="Jobsites allowed" value={limitText(limits.maxJobsites)} />
          <Fact label="Email templates allowed" value={limitText(limits.maxEmailTemplates)} />
          {profile.company ? <Fact label="Company" value={profile.company} /> : null}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
