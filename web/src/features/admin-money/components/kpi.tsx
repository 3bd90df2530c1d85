import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface KpiItem {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** A grid of figure cards (each a one-term description list): the label, the figure, a line under it. */
export function KpiGrid({ items, label }: { items: KpiItem[]; label: string }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="group" aria-label={label}>
      {items.map((item) => (
        <Paper key={item.label} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="dl" m={0}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text
            component="dd"
            m={0}
            fz={{ base: 20, sm: 26 }}
            fw={700}
            lh={1.3}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {item.value}
          </Text>
          {item.hint ? (
            <Text component="dd" m={0} size="xs" c="dimmed">
              {item.hint}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** "1 invoice", "3 invoices". */
export const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** "+12.5%" / "−3%" / "0%", with the sign a reader can see. */
export function formatGrowth(percent: number): string {
  if (percent > 0) return `+${percent}%`;
  if (percent < 0) return `−${Math.abs(percent)}%`;
  return '0%';
}
