import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { confirmationStatusLine, type ConfirmationSummary } from '../../../../../shared/confirmations';
import { useJobsiteConfirmations, useRecentConfirmations } from '../api/confirmations-api';
import { readOrPlaceholder } from '../../../components/records/query-state';

const VERDICT = { full: 'Full-day delay', partial: 'Partial delay', none: 'No delay' } as const;

function stateOf(c: ConfirmationSummary): { label: string; color: string } {
  if (c.answer === 'stood-down') return { label: 'Stood down', color: 'teal' };
  if (c.answer === 'working') return { label: 'Working anyway', color: 'orange' };
  if (c.escalatedAt) return { label: 'Escalated', color: 'red' };
  return { label: 'Waiting', color: 'gray' };
}

/** One request as a line: its state, the day (and jobsite when asked), and what happened. */
function ConfirmationLine({ c, showJobsite }: { c: ConfirmationSummary; showJobsite: boolean }) {
  const state = stateOf(c);
  return (
    <List.Item>
      <Group gap={8} wrap="wrap" align="baseline">
        <Badge color={state.color} variant="light" style={{ textTransform: 'none' }}>
          {state.label}
        </Badge>
        <Text size="sm" fw={600} component="span">
          {showJobsite ? (
            <>
              <Anchor component={Link} to={`/jobsites/${encodeURIComponent(c.jobsiteId)}`} size="sm">
                {c.jobsiteName}
              </Anchor>
              {', '}
            </>
          ) : null}
          <Anchor
            component={Link}
            to={`/jobsites/${encodeURIComponent(c.jobsiteId)}/ledger/${c.workDate}`}
            size="sm"
          >
            {c.workDate}
          </Anchor>{' '}
          <Text span size="sm" c="dimmed">
            ({VERDICT[c.verdict].toLowerCase()})
          </Text>
        </Text>
      </Group>
      <Text size="sm">{confirmationStatusLine(c)}</Text>
    </List.Item>
  );
}

function Lines({
  query,
  empty,
  showJobsite,
}: {
  query: ReturnType<typeof useRecentConfirmations>;
  empty: string;
  showJobsite: boolean;
}) {
  const read = readOrPlaceholder(query, {
    label: 'Loading crew confirmations',
    height: 48,
    failed: 'Crew confirmations could not be loaded just now.',
    empty: { when: (data) => data.items.length === 0, say: empty },
  });
  if (read.placeholder) return read.placeholder;
  return (
    <List spacing="sm" listStyleType="none" aria-label="Crew confirmations">
      {read.data.items.map((c) => (
        <ConfirmationLine key={c.id} c={c} showJobsite={showJobsite} />
      ))}
    </List>
  );
}

/** A jobsite's confirmations between two days (its page: the recent ones; the evidence page: one day). */
export function JobsiteConfirmations({
  jobsiteId,
  from,
  to,
  empty,
}: {
  jobsiteId: string;
  from: string;
  to: string;
  empty: string;
}) {
  return <Lines query={useJobsiteConfirmations(jobsiteId, from, to)} empty={empty} showJobsite={false} />;
}

/** The account's latest confirmations, beside the send history. */
export function RecentConfirmations() {
  return (
    <Lines
      query={useRecentConfirmations()}
      empty="No delay notice has asked a foreman to confirm yet. Name a foreman on a jobsite to start."
      showJobsite
    />
  );
}
