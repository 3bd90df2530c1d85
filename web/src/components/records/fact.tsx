import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
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

const NAME_BADGE = {
  root: { cursor: 'pointer', textTransform: 'none', height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;

/**
 * A Fact's value that links to other records (a jobsite's workers, a worker's crews) in one wrapping row:
 * plain links, or badges; null (the Fact's "—") when there are none.
 */
export function recordLinks(
  records: readonly { id: string; name: string }[],
  path: string,
  as: 'link' | 'badge' = 'link',
): ReactNode {
  if (records.length === 0) return null;
  return (
    <Group gap={6} component="span">
      {records.map((r) =>
        as === 'badge' ? (
          <Badge
            key={r.id}
            component={Link}
            to={`${path}/${r.id}`}
            variant="light"
            // A record's name is longer than a status word: in a phone's half-width column it wraps
            // inside its badge rather than ending in "…".
            styles={NAME_BADGE}
          >
            {r.name}
          </Badge>
        ) : (
          <Anchor key={r.id} component={Link} to={`${path}/${r.id}`} size="sm">
            {r.name}
          </Anchor>
        ),
      )}
    </Group>
  );
}

/** A record's name linking to its page (`path`/id): the first column of a record list. */
export function recordNameLink(record: { id: string; name: string }, path: string): ReactNode {
  return (
    <Anchor component={Link} to={`${path}/${record.id}`} fw={600}>
      {record.name}
    </Anchor>
  );
}
