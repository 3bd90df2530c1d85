import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value on a record's detail screen; empty values read "—". `span`: grid columns it takes (long values such as emails). */
export function Fact({ label, value, span }: { label: string; value: ReactNode; span?: number }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <div style={{ minWidth: 0, gridColumn: span ? `span ${span}` : undefined }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text
        fw={500}
        style={{ overflowWrap: 'break-word', whiteSpace: 'pre-line' }}
        c={empty ? 'dimmed' : undefined}
      >
        {empty ? '—' : value}
      </Text>
    </div>
  );
}
