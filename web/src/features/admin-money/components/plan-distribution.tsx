import { Box, Group, Stack, Text } from '@mantine/core';
import { PLANS, type PlanId } from '../../../../../shared/plans';

const ORDER: PlanId[] = ['basic', 'premium', 'enterprise', 'none'];
const COLORS: Record<PlanId, string> = {
  basic: 'var(--mantine-color-teal-filled)',
  premium: 'var(--mantine-color-blue-filled)',
  enterprise: 'var(--mantine-color-grape-filled)',
  none: 'var(--mantine-color-gray-filled)',
};

const labelOf = (plan: PlanId) => (plan === 'none' ? 'No paid plan' : PLANS[plan].name);

/** Accounts per plan as horizontal bars, each with its count and share written out. */
export function PlanDistribution({ distribution }: { distribution: Record<PlanId, number> }) {
  const total = ORDER.reduce((t, p) => t + distribution[p], 0);
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Accounts per plan">
      {ORDER.map((plan) => {
        const count = distribution[plan];
        const share = total === 0 ? 0 : Math.round((count / total) * 1000) / 10;
        return (
          <Box component="li" key={plan}>
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={500}>
                {labelOf(plan)}
              </Text>
              <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {count.toLocaleString('en-US')} ({share}%)
              </Text>
            </Group>
            <Box
              h={12}
              style={{
                borderRadius: 6,
                background: 'var(--mantine-color-default-border)',
                overflow: 'hidden',
              }}
              aria-hidden="true"
            >
              <Box h="100%" w={`${share}%`} style={{ background: COLORS[plan], borderRadius: 6 }} />
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
