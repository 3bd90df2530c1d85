import { Anchor, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { UnitSystem } from '../../../../../shared/account';
import type { Jobsite } from '../../../../../shared/records/jobsite';
import { Fact, recordLinks } from '../../../components/records/fact';
import { RecordSection } from '../../../components/records/record-section';
import { NO_RAIN_RULE_MESSAGE, hasRainRule } from '../../../../../shared/weather/presets';
import { describeRule } from '../rule-units';
import { WEEKDAYS } from './jobsite-working-days-section';
import { ForemanFact } from './jobsite-foreman-fact';
import { atSite, longDate } from '../../../lib/day-format';

function days(workingDays: number[]): string {
  if (workingDays.length === 0) return 'None';
  return workingDays.map((d) => WEEKDAYS[d - 1]?.short ?? String(d)).join(', ');
}

/** "Dana Ortiz, Nov 27, 2026, 9:14 AM CST": who changed it (when the server knows) and when, on the site's clock. */
function changedBy(name: string | null | undefined, at: string, timeZone: string): string {
  return name ? `${name}, ${atSite(at, timeZone)}` : atSite(at, timeZone);
}

export interface Named {
  id: string;
  name: string;
}

/** A jobsite as stored: where, when, notices, rules (in the account's units) and who is told. */
export function JobsiteDetails({
  jobsite,
  units,
  client,
  workers,
  crews,
  foreman = null,
}: {
  jobsite: Jobsite;
  units: UnitSystem;
  client: Named | null;
  workers: Named[];
  crews: Named[];
  /** The worker who confirms delay notices (crew confirmation), when one is named. */
  foreman?: Named | null;
}) {
  const r = jobsite.recipients;
  return (
    <Stack gap="lg">
      <RecordSection title="Site and schedule">
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="lg">
          <Fact
            label="Client"
            value={
              client ? (
                <Anchor component={Link} to={`/clients/${client.id}`}>
                  {client.name}
                </Anchor>
              ) : null
            }
          />
          <Fact label="Address" value={jobsite.address} />
          <Fact label="Coordinates" value={`${jobsite.latitude}, ${jobsite.longitude}`} />
          <Fact label="Timezone" value={jobsite.timezone} />
          <Fact label="Working days" value={days(jobsite.workingDays)} />
          <Fact
            label="Working hours"
            value={`${jobsite.workingHours.start} to ${jobsite.workingHours.end}`}
          />
          <Fact label="Start date" value={jobsite.startDate ? longDate(jobsite.startDate) : null} />
          <Fact label="End date" value={jobsite.endDate ? longDate(jobsite.endDate) : null} />
          <Fact
            label="Notices"
            value={
              jobsite.noticeTimes.length > 0
                ? jobsite.noticeTimes
                    .map((n) => `${n.time} ${n.forDay === 'next' ? '(next day)' : '(same day)'}`)
                    .join(', ')
                : 'None'
            }
          />
          {jobsite.updatedAt ? (
            <Fact
              label="Last changed"
              value={changedBy(jobsite.updatedByName, jobsite.updatedAt, jobsite.timezone)}
            />
          ) : null}
        </SimpleGrid>
      </RecordSection>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <RecordSection title="Weather rules">
          {jobsite.rules.length === 0 ? (
            <Text size="sm" c="dimmed">
              No rules: this jobsite never calls a weather delay.
            </Text>
          ) : (
            <List size="sm" spacing={4}>
              {jobsite.rules.map((rule) => (
                <List.Item key={rule.id}>
                  {describeRule(rule, units)}
                  {rule.label ? (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      ({rule.label})
                    </Text>
                  ) : null}
                </List.Item>
              ))}
            </List>
          )}
          {jobsite.rules.length > 0 && !hasRainRule(jobsite.rules) ? (
            <Text size="sm" c="orange.8" mt="xs">
              {NO_RAIN_RULE_MESSAGE}
            </Text>
          ) : null}
          {jobsite.rulesUpdatedAt && jobsite.rulesUpdatedByName ? (
            <Text size="sm" c="dimmed" mt="xs">
              Rules changed by{' '}
              {changedBy(jobsite.rulesUpdatedByName, jobsite.rulesUpdatedAt, jobsite.timezone)}
            </Text>
          ) : null}
        </RecordSection>
        <RecordSection title="Who is notified">
          <Stack gap="sm">
            <Fact label="Workers" value={recordLinks(workers, '/workers')} />
            <Fact label="Crews" value={recordLinks(crews, '/crews', 'badge')} />
            <Fact label="Client" value={r.notifyClient ? 'Notified' : 'Not notified'} />
            <ForemanFact foreman={foreman} escalationMinutes={jobsite.escalationMinutes} />
          </Stack>
        </RecordSection>
      </SimpleGrid>
    </Stack>
  );
}
