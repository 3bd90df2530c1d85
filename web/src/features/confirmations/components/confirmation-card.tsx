import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { ReadBlock } from '../../../components/records/query-state';
import { PublicCard } from '../../../components/public-card';
import {
  CONFIRMATION_ANSWERS,
  CONFIRMATION_WORDS,
  type ConfirmationAnswer,
} from '../../../../../shared/confirmations';
import { formatNoticeDate } from '../../../../../shared/email/format';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { useAnswerConfirmation, useConfirmationView } from '../api/confirmations-api';

const VERDICT = {
  full: { label: 'Full-day delay', color: 'red' },
  partial: { label: 'Partial delay', color: 'orange' },
  none: { label: 'No delay', color: 'teal' },
} as const;

/**
 * The public confirmation page's content: the jobsite, the day and the call, and the two answers.
 * The email's button only preselects (mail scanners open links); a tap here records the answer once.
 */
export function ConfirmationCard({
  token,
  suggested,
}: {
  token: string;
  suggested: ConfirmationAnswer | null;
}) {
  const view = useConfirmationView(token);
  const answer = useAnswerConfirmation(token);

  return (
    <PublicCard title="Confirm the crew">
      <ReadBlock
        query={view}
        label="Checking your link"
        height={120}
        failedTitle="This link does not work"
        failed="The link could not be checked just now. Try again in a moment."
      >
        {(data) => (
          <>
            <Stack gap={6}>
              <Text size="lg" fw={700}>
                {data.jobsiteName}
              </Text>
              <Group gap="xs">
                <Badge color={VERDICT[data.verdict].color} style={{ textTransform: 'none' }}>
                  {VERDICT[data.verdict].label}
                </Badge>
                <Text size="sm">{formatNoticeDate(data.workDate)}</Text>
              </Group>
            </Stack>
            {data.answered ? (
              <Alert color="green" role="status" title="Thanks, the office has your answer">
                {data.line}
              </Alert>
            ) : (
              <>
                <Text>
                  {data.foremanName}, did the crew stand down, or are they working anyway? Your answer goes to
                  the office at once and is kept as the day&apos;s record.
                </Text>
                {answer.isError ? (
                  <Alert color="red" role="alert">
                    {friendlyErrorMessage(answer.error, 'Your answer was not saved. Try again.')}
                  </Alert>
                ) : null}
                <Stack gap="sm">
                  {CONFIRMATION_ANSWERS.map((a) => (
                    <Button
                      key={a}
                      size="lg"
                      fullWidth
                      // A phone's width must never cut an answer short: the label wraps instead.
                      h="auto"
                      mih={52}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
                      color={a === 'stood-down' ? 'red' : 'blue'}
                      variant={suggested && suggested !== a ? 'outline' : 'filled'}
                      loading={answer.isPending && answer.variables === a}
                      disabled={answer.isPending && answer.variables !== a}
                      onClick={() => answer.mutate(a)}
                    >
                      {CONFIRMATION_WORDS[a].button}
                    </Button>
                  ))}
                </Stack>
                <Text size="xs" c="dimmed">
                  One answer per notice; the link works until the end of the day.
                </Text>
              </>
            )}
          </>
        )}
      </ReadBlock>
    </PublicCard>
  );
}
