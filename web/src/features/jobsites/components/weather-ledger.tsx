import {
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Verdict } from '../../../../../shared/weather/engine';
import { RangeInputs } from '../../../components/range-inputs';
import { QueryError } from '../../../components/records/query-state';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { OBSERVATION_COLOR, OBSERVATION_LABEL } from '../../../lib/observation-labels';
import { toast } from '../../../lib/toast';
import {
  useDownloadLedgerCsv,
  useJobsiteLedger,
  useMarkLedgerDay,
  type LedgerRange,
} from '../api/get-ledger';
import type { LedgerDay } from '../../../../../shared/ledger';
import { DataTable } from '../../../components/data-table';
import { TextAreaField } from '../../../components/form-fields';
import { PhoneList } from '../../../components/phone-list';
import { SECTION_TITLE_SIZE } from '../../../components/heading-size';
import { WHOLE } from '../../../components/badge-style';
import { dateRange, longDate, monthLabel, shortDate } from '../../../lib/day-format';

export const VERDICT_LABEL: Record<Verdict, string> = {
  none: 'Workable',
  partial: 'Partial delay',
  full: 'Full-day delay',
};
export const VERDICT_COLOR: Record<Verdict, string> = { none: 'teal', partial: 'orange', full: 'red' };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** Who was told about the day, per channel: "2 emails, 1 text"; a dash when the count is unknown. */
function toldLine(d: Pick<LedgerDay, 'notified' | 'texted'>): string {
  if (d.notified === undefined) return '—';
  const parts = [plural(d.notified, 'email')];
  if (d.texted) parts.push(plural(d.texted, 'text'));
  return parts.join(', ');
}
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** "Worked" or "Not worked" with the note, or nothing when the contractor has not marked the day. */
function WorkedMark({ day }: { day: LedgerDay }) {
  if (day.worked === null)
    return (
      <Text size="sm" c="dimmed">
        Not marked
      </Text>
    );
  return (
    <Stack gap={2}>
      <Badge variant="light" color={day.worked ? 'blue' : 'gray'} style={WHOLE}>
        {day.worked ? 'Worked' : 'Not worked'}
      </Badge>
      {day.note ? (
        <Text size="xs" c="dimmed">
          {day.note}
        </Text>
      ) : null}
    </Stack>
  );
}

const MONTHS_CAPTION = 'Delay days per month against the anticipated weather days';

/** The day, readable, linking to its evidence page. */
function EvidenceLink({ day, href }: { day: LedgerDay; href: string }) {
  return (
    <Anchor component={Link} to={href} aria-label={`Evidence for ${longDate(day.date)}`} fw={600}>
      {shortDate(day.date)}
    </Anchor>
  );
}

function VerdictCall({ day }: { day: LedgerDay }) {
  return (
    <div>
      <Badge variant="light" color={VERDICT_COLOR[day.verdict]} style={WHOLE}>
        {VERDICT_LABEL[day.verdict]}
      </Badge>
      {day.reasons.length > 0 ? (
        <Text size="xs" c="dimmed" mt={2}>
          {day.reasons.join('; ')}
        </Text>
      ) : null}
    </div>
  );
}

/** In a card, without the table's "Observed" header, the badge names what it is about. */
function ObservedBadge({ day, named = false }: { day: LedgerDay; named?: boolean }) {
  if (!day.observed) return null;
  return (
    <Badge variant="outline" color={OBSERVATION_COLOR[day.observed]} style={WHOLE}>
      {named ? 'Observed: ' : ''}
      {OBSERVATION_LABEL[day.observed]}
    </Badge>
  );
}

/** Whether the day counts against the month's allowance; a card says in words what a column's "No" means. */
function Counts({ day, inCard = false }: { day: LedgerDay; inCard?: boolean }) {
  if (day.beyondAllowance)
    return (
      <Text size="sm" fw={700} c="var(--mantine-color-error)">
        Beyond allowance
      </Text>
    );
  if (day.delayDay) return <Text size="sm">Within allowance</Text>;
  return (
    <Text size="sm" c="dimmed">
      {inCard ? 'Not a delay day' : 'No'}
    </Text>
  );
}

function MarkButton({
  day,
  size,
  onMark,
}: {
  day: LedgerDay;
  size: 'xs' | 'sm';
  onMark: (day: LedgerDay) => void;
}) {
  const label = day.worked === null ? 'Mark' : 'Change mark';
  return (
    <Button
      size={size}
      // A thumb on a phone needs 44 px; the table's compact button is for a mouse.
      h={size === 'sm' ? 44 : undefined}
      variant="default"
      onClick={() => onMark(day)}
      aria-label={`${label} for ${longDate(day.date)}`}
      style={{ flexShrink: 0 }}
    >
      {label}
    </Button>
  );
}

function MarkDayModal({
  jobsiteId,
  day,
  onClose,
}: {
  jobsiteId: string;
  day: LedgerDay | null;
  onClose: () => void;
}) {
  const mark = useMarkLedgerDay(jobsiteId);
  const [worked, setWorked] = useState(day?.worked ?? true);
  const [note, setNote] = useState(day?.note ?? '');
  if (!day) return null;
  const save = async () => {
    try {
      await mark.mutateAsync({ date: day.date, worked, note });
      toast.success(
        worked
          ? `${longDate(day.date)} is marked as worked.`
          : `${longDate(day.date)} is marked as not worked.`,
      );
      onClose();
    } catch {
      // The error shows in the modal.
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Mark ${longDate(day.date)}`} centered>
      <Stack gap="sm">
        <Text size="sm">
          The forecast called {VERDICT_LABEL[day.verdict].toLowerCase()}
          {day.hoursLost > 0 ? ` (${day.hoursLost} h lost)` : ''}. The ledger keeps that call and your mark; a
          day marked worked no longer counts as a delay day.
        </Text>
        <Checkbox
          label="The crew worked this day"
          checked={worked}
          onChange={(e) => setWorked(e.currentTarget.checked)}
        />
        <TextAreaField
          label="Note"
          description="What happened, for the record (optional)."
          autosize
          minRows={2}
          maxLength={500}
          value={note}
          onValueChange={setNote}
        />
        {mark.isError ? (
          <Text c="red" size="sm" role="alert">
            {friendlyErrorMessage(mark.error, 'The mark could not be saved. Try again.')}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={mark.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={mark.isPending}>
            Save mark
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The weather-day ledger of a jobsite over a chosen range (the last 90 days by default): months
 * against the contract's allowance, then every decided working day with its verdict, what was sent,
 * whether it counts, and the contractor's "worked" mark; each day links to its evidence page.
 */
export function WeatherLedger({
  jobsiteId,
  evidenceHref,
}: {
  jobsiteId: string;
  evidenceHref: (date: string) => string;
}) {
  const [input, setInput] = useState<LedgerRange>({});
  const range: LedgerRange = {
    from: input.from && isDate(input.from) ? input.from : undefined,
    to: input.to && isDate(input.to) ? input.to : undefined,
  };
  const ledger = useJobsiteLedger(jobsiteId, range);
  const download = useDownloadLedgerCsv(jobsiteId, range);
  const [marking, setMarking] = useState<LedgerDay | null>(null);
  const data = ledger.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ledger-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h3" id="ledger-title" style={SECTION_TITLE_SIZE}>
            Weather-day ledger
          </Title>
          <Button variant="light" loading={download.isPending} onClick={() => download.mutate()}>
            Download CSV
          </Button>
        </Group>
        <RangeInputs type="date" typed={input} shown={data} onType={setInput} width={150} />
        {download.isError && (
          <Text c="red" size="sm" role="alert">
            Could not download the ledger: {download.error.message}
          </Text>
        )}
        {ledger.isPending && <Text c="dimmed">Loading the ledger…</Text>}
        {ledger.isError && (
          <QueryError
            title="Could not load the ledger"
            error={ledger.error}
            onRetry={() => void ledger.refetch()}
          />
        )}
        {data && (
          <>
            <Text size="sm" c="dimmed">
              {dateRange(data.from, data.to)}: {plural(data.days.length, 'working day')} decided,{' '}
              {plural(data.totals.delayDays, 'delay day')} ({data.totals.hoursLost} h lost),{' '}
              {data.totals.beyondAllowance} beyond the allowance.
            </Text>
            <Box visibleFrom="sm">
              <DataTable
                minWidth={300}
                framed
                caption={MONTHS_CAPTION}
                headers={['Month', 'Delay days', 'Hours lost', 'Anticipated', 'Beyond allowance']}
                rows={data.months}
                rowKey={(m) => m.month}
                cells={(m) => [
                  monthLabel(m.month),
                  m.delayDays,
                  m.hoursLost,
                  m.anticipated,
                  m.beyondAllowance,
                ]}
              />
            </Box>
            <PhoneList label={MONTHS_CAPTION} gap="xs">
              {data.months.map((m) => (
                <Box component="li" key={m.month}>
                  <Text size="sm">
                    <Text span fw={700} size="sm">
                      {monthLabel(m.month)}:
                    </Text>{' '}
                    {plural(m.delayDays, 'delay day')}, {m.hoursLost} h lost, {m.anticipated} anticipated,{' '}
                    {m.beyondAllowance} beyond
                  </Text>
                </Box>
              ))}
            </PhoneList>
            {data.days.length === 0 ? (
              <Text size="sm" c="dimmed">
                No working day in this range has been decided yet: days appear here once a notice time has
                judged them.
              </Text>
            ) : (
              <>
                <Box visibleFrom="sm">
                  <DataTable
                    minWidth={960}
                    framed
                    aria-label="Working days"
                    headers={['Day', 'Forecast call', 'Observed', 'Hours lost', 'Told', 'Counts', 'Marked']}
                    actions="Actions"
                  >
                    {data.days.map((d) => (
                      <Table.Tr key={d.date}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <EvidenceLink day={d} href={evidenceHref(d.date)} />
                        </Table.Td>
                        <Table.Td>
                          <VerdictCall day={d} />
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <ObservedBadge day={d} />
                        </Table.Td>
                        <Table.Td>{d.hoursLost}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{toldLine(d)}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Counts day={d} />
                        </Table.Td>
                        <Table.Td>
                          <WorkedMark day={d} />
                        </Table.Td>
                        <Table.Td>
                          <MarkButton day={d} size="xs" onMark={setMarking} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </DataTable>
                </Box>
                <PhoneList label="Working days">
                  {data.days.map((d) => (
                    <Box
                      component="li"
                      key={d.date}
                      py="sm"
                      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                    >
                      <Stack gap={6}>
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <EvidenceLink day={d} href={evidenceHref(d.date)} />
                          <ObservedBadge day={d} named />
                        </Group>
                        <VerdictCall day={d} />
                        <Text size="sm">
                          {d.hoursLost} h lost · told {toldLine(d)}
                        </Text>
                        <Counts day={d} inCard />
                        <Group justify="space-between" align="flex-end" wrap="nowrap">
                          <WorkedMark day={d} />
                          <MarkButton day={d} size="sm" onMark={setMarking} />
                        </Group>
                      </Stack>
                    </Box>
                  ))}
                </PhoneList>
              </>
            )}
          </>
        )}
      </Stack>
      {marking ? (
        <MarkDayModal
          key={marking.date}
          jobsiteId={jobsiteId}
          day={marking}
          onClose={() => setMarking(null)}
        />
      ) : null}
    </Paper>
  );
}
