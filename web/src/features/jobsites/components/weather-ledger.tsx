import {
  Anchor,
  Badge,
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
      <Badge variant="light" color={day.worked ? 'blue' : 'gray'}>
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
      toast.success(worked ? `${day.date} is marked as worked.` : `${day.date} is marked as not worked.`);
      onClose();
    } catch {
      // The error shows in the modal.
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Mark ${day.date}`} centered>
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
          <Title order={2} size="h3" id="ledger-title">
            Weather-day ledger
          </Title>
          <Button variant="light" loading={download.isPending} onClick={() => download.mutate()}>
            Download CSV
          </Button>
        </Group>
        <RangeInputs type="date" typed={input} shown={data} onType={setInput} width={170} />
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
              {data.from} to {data.to}: {plural(data.days.length, 'working day')} decided,{' '}
              {plural(data.totals.delayDays, 'delay day')} ({data.totals.hoursLost} h lost),{' '}
              {data.totals.beyondAllowance} beyond the allowance.
            </Text>
            <DataTable
              minWidth={300}
              framed
              caption="Delay days per month against the anticipated weather days"
              headers={['Month', 'Delay days', 'Hours lost', 'Anticipated', 'Beyond allowance']}
              rows={data.months}
              rowKey={(m) => m.month}
              cells={(m) => [m.month, m.delayDays, m.hoursLost, m.anticipated, m.beyondAllowance]}
            />
            {data.days.length === 0 ? (
              <Text size="sm" c="dimmed">
                No working day in this range has been decided yet: days appear here once a notice time has
                judged them.
              </Text>
            ) : (
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
                      <Anchor
                        component={Link}
                        to={evidenceHref(d.date)}
                        aria-label={`Evidence for ${d.date}`}
                      >
                        {d.date}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={VERDICT_COLOR[d.verdict]}>
                        {VERDICT_LABEL[d.verdict]}
                      </Badge>
                      {d.reasons.length > 0 ? (
                        <Text size="xs" c="dimmed" mt={2}>
                          {d.reasons.join('; ')}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {d.observed ? (
                        <Badge variant="outline" color={OBSERVATION_COLOR[d.observed]}>
                          {OBSERVATION_LABEL[d.observed]}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{d.hoursLost}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{toldLine(d)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {d.beyondAllowance ? (
                        <Text size="sm" fw={700} c="var(--mantine-color-error)">
                          Beyond allowance
                        </Text>
                      ) : d.delayDay ? (
                        <Text size="sm">Within allowance</Text>
                      ) : (
                        <Text size="sm" c="dimmed">
                          No
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <WorkedMark day={d} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setMarking(d)}
                        aria-label={`${d.worked === null ? 'Mark' : 'Change mark'} for ${d.date}`}
                      >
                        {d.worked === null ? 'Mark' : 'Change mark'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
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
