import { RangeInputs } from '../../../components/range-inputs';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  useAdvancedAnalytics,
  useAnalytics,
  type MonthRange,
} from '../../../features/analytics/api/get-analytics';
import {
  AdvancedAnalyticsView,
  BasicAnalyticsView,
} from '../../../features/analytics/components/analytics-view';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { QueryError } from '../../../components/records/query-state';
import { PAGE_TITLE_SIZE } from '../../../components/heading-size';

const isMonth = (v: string | undefined) => !!v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** /analytics: weather days and messages per jobsite and month; per client and cost of delay on Premium. */
export function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const [input, setInput] = useState<MonthRange>({});
  const range: MonthRange = {
    from: isMonth(input.from) ? input.from : undefined,
    to: isMonth(input.to) ? input.to : undefined,
  };
  const basic = useAnalytics(range);
  const advanced = useAdvancedAnalytics(range, basic.data?.advancedAnalytics === true);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2" style={PAGE_TITLE_SIZE}>
            Analytics
          </Title>
          <Text c="dimmed">
            Days and hours lost to weather, and the notices that went out, month by month.{' '}
            <Anchor component={Link} to="/analytics/reports" underline="always">
              Custom reports (PDF, CSV)
            </Anchor>
          </Text>
        </Stack>
        <RangeInputs type="month" typed={input} shown={basic.data} onType={setInput} width={160} />
      </Group>
      {basic.isPending ? (
        <Skeleton h={320} aria-label="Loading analytics" />
      ) : basic.isError ? (
        <QueryError
          inline
          title="Analytics could not be loaded"
          error={basic.error}
          fallback="Try again in a moment."
          onRetry={() => void basic.refetch()}
        />
      ) : (
        <>
          <BasicAnalyticsView data={basic.data} />
          {basic.data.advancedAnalytics ? (
            advanced.isPending ? (
              <Skeleton h={240} aria-label="Loading the cost of delay" />
            ) : advanced.isError ? (
              <Alert color="red" role="alert" title="The cost of delay could not be loaded">
                {friendlyErrorMessage(advanced.error, 'Try again in a moment.')}
              </Alert>
            ) : (
              <AdvancedAnalyticsView data={advanced.data} />
            )
          ) : (
            <Card withBorder padding="lg" component="section" aria-labelledby="analytics-upsell">
              <Title order={2} size="h4" id="analytics-upsell" mb="xs">
                Per-client analytics and the cost of delay
              </Title>
              <Text mb="sm">
                See weather days per client, and what each delay cost: workers on the crew × their hourly rate
                × hours lost. Included with the Premium and Enterprise plans.
              </Text>
              <Button component={Link} to="/subscription" w="fit-content">
                See plans
              </Button>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
