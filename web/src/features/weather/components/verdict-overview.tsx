import { Anchor, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useWeatherOutlook } from '../api/get-weather';
import { VerdictBadge } from './verdict-badge';
import { formatNoticeDate } from '../../../../../shared/email/format';

/** The dashboard's first look: every active jobsite's next two working days, as the notices judge them. */
export function VerdictOverview() {
  const outlook = useWeatherOutlook(3);
  if (outlook.isPending) return <Skeleton h={120} aria-label="Loading the coming verdicts" />;
  if (outlook.isError || outlook.data.items.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="verdict-overview-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="verdict-overview-title">
            Coming working days
          </Title>
          <Anchor component={Link} to="/weather" size="sm">
            See the hours behind each verdict
          </Anchor>
        </Group>
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" aria-label="Verdicts of the coming working days">
            <Table.Tbody>
              {outlook.data.items.map((item) => (
                <Table.Tr key={item.jobsite.id}>
                  <Table.Td>
                    <Text fw={500}>{item.jobsite.name}</Text>
                    {item.source === 'simulated' ? (
                      <Text size="xs" c="dimmed">
                        Simulated weather
                      </Text>
                    ) : null}
                  </Table.Td>
                  {item.error ? (
                    <Table.Td colSpan={2}>
                      <Text size="sm" c="dimmed">
                        No forecast right now
                      </Text>
                    </Table.Td>
                  ) : (
                    item.days.slice(0, 2).map((d) => (
                      <Table.Td key={d.date}>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm">{formatNoticeDate(d.date)}</Text>
                          <VerdictBadge verdict={d.verdict} hoursLost={d.hoursLost} />
                        </Group>
                      </Table.Td>
                    ))
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
