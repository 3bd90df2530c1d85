import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small uppercase label over its value: the facts row of the evidence and notice pages. */
export function LabelledFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}
