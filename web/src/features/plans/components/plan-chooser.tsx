import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '../../../../../shared/messages';
import { PAID_PLAN_IDS, PLANS, type BillingCycle, type PaidPlanId } from '../../../../../shared/plans';
import { priceDisplay } from '../plan-pricing';

export interface PlanChoice {
  plan: PaidPlanId;
  billingCycle: BillingCycle;
}

interface Props {
  onChoose: (choice: PlanChoice) => void;
  /** While checkout starts, every plan button is disabled and this plan's shows "Processing..." (spec §4). */
  processingPlan?: PaidPlanId | null;
  /** Disables every plan button (e.g. while a plan change is being confirmed). */
  disabled?: boolean;
  initialCycle?: BillingCycle;
  /** The plan the user already has, marked on its card. */
  currentPlan?: PaidPlanId | null;
  /** With `currentPlan`: that plan on this cycle cannot be chosen again; the others read "Switch to …". */
  currentCycle?: BillingCycle | null;
  headingLevel?: 2 | 3;
}

const POPULAR: PaidPlanId = 'premium';

/** The plan chooser: Monthly/Annual toggle ("Save 20%") and one card per paid plan. */
export function PlanChooser({
  onChoose,
  processingPlan = null,
  disabled = false,
  initialCycle = 'monthly',
  currentPlan,
  currentCycle = null,
  headingLevel = 3,
}: Props) {
  const [cycle, setCycle] = useState<BillingCycle>(initialCycle);
  const busy = processingPlan !== null || disabled;

  return (
    <Stack gap="lg">
      <Group justify="center" gap="sm">
        <SegmentedControl
          aria-label="Billing cycle"
          value={cycle}
          onChange={(value) => setCycle(value as BillingCycle)}
          data={[
            { label: 'Monthly', value: 'monthly' },
            { label: 'Annual', value: 'annual' },
          ]}
        />
        <Badge color="green" variant="light" size="lg">
          Save 20%
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {PAID_PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          const price = priceDisplay(id, cycle);
          const processing = processingPlan === id;
          const isCurrent = currentPlan === id && currentCycle === cycle;
          const verb = currentPlan && currentCycle ? 'Switch to' : 'Choose';
          const label = processing
            ? MESSAGES.processing
            : isCurrent
              ? 'Current plan'
              : `${verb} ${plan.name}`;
          return (
            <Card
              key={id}
              component="article"
              aria-labelledby={`plan-${id}-name`}
              withBorder
              shadow={id === POPULAR ? 'md' : 'xs'}
              padding="lg"
              style={id === POPULAR ? { borderColor: 'var(--mantine-color-blue-filled)' } : undefined}
            >
              <Stack gap="sm" h="100%">
                <Group justify="space-between">
                  <Title order={headingLevel} size="h3" id={`plan-${id}-name`}>
                    {plan.name}
                  </Title>
                  {currentPlan === id ? (
                    <Badge variant="filled">Current plan</Badge>
                  ) : id === POPULAR ? (
                    <Badge variant="light">Most popular</Badge>
                  ) : null}
                </Group>
                <div>
                  <Group gap={4} align="baseline">
                    <Text fz={36} fw={800} lh={1} data-testid={`price-${id}`}>
                      {price.perMonth}
                    </Text>
                    <Text c="dimmed">/mo</Text>
                  </Group>
                  <Text size="sm" c="dimmed" mt={4}>
                    {price.billing}
                  </Text>
                </div>
                <List size="sm" spacing={4} style={{ flexGrow: 1 }}>
                  {plan.highlights.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
                <Button
                  fullWidth
                  variant={id === POPULAR ? 'filled' : 'light'}
                  disabled={busy || isCurrent}
                  onClick={() => onChoose({ plan: id, billingCycle: cycle })}
                  aria-label={processing || isCurrent ? label : `${label}, ${cycle}`}
                >
                  {label}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
