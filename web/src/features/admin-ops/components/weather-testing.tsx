import {
  Alert,
  Button,
  Code,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SIMULATED_SCENARIOS } from '../../../../../shared/records/jobsite';
import { PRESETS, presetRules } from '../../../../../shared/weather/presets';
import type { Verdict } from '../../../../../shared/weather/engine';
import { PageHeader } from '../../../components/records/page-header';
import { api, ApiError } from '../../../lib/api-client';
import { DataTable } from '../../../components/data-table';
import { TextAreaField, TextField } from '../../../components/form-fields';

interface EvaluatedDay {
  date: string;
  verdict: Verdict;
  hoursLost: number;
  workingHours: number;
  rules: { id: string; hours: string[]; peak: number; reason: string }[];
}

const VERDICT_COLOR: Record<Verdict, string> = { none: 'teal', partial: 'orange', full: 'red' };

/**
 * /admin/weather-testing: any preset rules against a pasted Open-Meteo response, judged by the
 * engine on the server (POST /api/admin/weather/evaluate), the verdicts beside the raw data.
 */
export function WeatherTesting() {
  const [forecast, setForecast] = useState('');
  const [presets, setPresets] = useState<string[]>(['general', 'crane']);
  const [timezone, setTimezone] = useState('America/New_York');
  const [units, setUnits] = useState<'us' | 'metric'>('us');
  const [parseError, setParseError] = useState<string | null>(null);
  const [latitude, setLatitude] = useState('41.8781');
  const [longitude, setLongitude] = useState('-87.6298');
  const [scenario, setScenario] = useState<string | null>(null);
  const fetchForecast = useMutation({
    mutationFn: (body: unknown) =>
      api<{ source: string; response: unknown }>('/api/admin/weather/forecast', { method: 'POST', body }),
    onSuccess: ({ response }) => setForecast(JSON.stringify(response, null, 1)),
  });
  const evaluate = useMutation({
    mutationFn: (body: unknown) =>
      api<{ days: EvaluatedDay[] }>('/api/admin/weather/evaluate', { method: 'POST', body }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setParseError(null);
    let json: unknown;
    try {
      json = JSON.parse(forecast);
    } catch {
      setParseError('Paste an Open-Meteo response as JSON (the whole body, as the API returned it).');
      return;
    }
    evaluate.mutate({ forecast: json, timezone, units, rules: presetRules(presets) });
  };

  const error =
    evaluate.error instanceof ApiError
      ? evaluate.error.message
      : evaluate.error
        ? 'The evaluation failed. Try again.'
        : null;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Weather testing"
        description="Judge a pasted Open-Meteo response with any activity presets, exactly as the dispatch would."
      />
      <form
        aria-label="Fetch a forecast"
        onSubmit={(e) => {
          e.preventDefault();
          fetchForecast.mutate({ latitude: Number(latitude), longitude: Number(longitude), scenario });
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextField label="Latitude" value={latitude} onValueChange={setLatitude} w={130} />
          <TextField label="Longitude" value={longitude} onValueChange={setLongitude} w={130} />
          <Select
            label="Weather"
            data={[
              { value: '', label: 'Live provider' },
              ...SIMULATED_SCENARIOS.map((s) => ({ value: s, label: `Simulated: ${s}` })),
            ]}
            value={scenario ?? ''}
            onChange={(v) => setScenario(v ? v : null)}
            allowDeselect={false}
            w={200}
          />
          <Button type="submit" variant="default" loading={fetchForecast.isPending}>
            Fetch the forecast
          </Button>
        </Group>
        {fetchForecast.error ? (
          <Text c="red" size="sm" mt={4} role="alert">
            {fetchForecast.error instanceof ApiError
              ? fetchForecast.error.message
              : 'The forecast could not be fetched.'}
          </Text>
        ) : null}
      </form>
      {/* The raw data beside its verdicts on wide screens. */}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <form onSubmit={onSubmit} aria-label="Evaluate a forecast">
          <Stack gap="sm">
            <TextAreaField
              label="Open-Meteo response (JSON)"
              description="Fetched above, or pasted: an object for one location or an array for several; the first location is judged."
              autosize
              minRows={6}
              maxRows={14}
              value={forecast}
              onValueChange={setForecast}
              error={parseError}
              required
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            />
            <Group grow align="flex-start">
              <MultiSelect
                label="Activity presets"
                data={PRESETS.map((p) => ({ value: p.id, label: p.name }))}
                value={presets}
                onChange={setPresets}
                required
              />
              <TextField label="Timezone (IANA)" value={timezone} onValueChange={setTimezone} required />
              <Select
                label="Units of the reasons"
                data={[
                  { value: 'us', label: 'US (°F, mph, in)' },
                  { value: 'metric', label: 'Metric (°C, km/h, mm)' },
                ]}
                value={units}
                onChange={(v) => setUnits(v === 'metric' ? 'metric' : 'us')}
                allowDeselect={false}
              />
            </Group>
            <Group>
              <Button type="submit" loading={evaluate.isPending} disabled={presets.length === 0}>
                Evaluate
              </Button>
            </Group>
          </Stack>
        </form>
        {error ? (
          <Alert color="red" title="Could not evaluate" role="alert">
            {error}
          </Alert>
        ) : null}
        {evaluate.data ? (
          evaluate.data.days.length === 0 ? (
            <Alert color="teal" title="No delays">
              No rule is met in working hours on any day of this forecast.
            </Alert>
          ) : (
            <DataTable
              minWidth={640}
              framed
              aria-label="Verdicts"
              headers={['Day', 'Verdict', 'Hours lost', 'Why']}
            >
              {evaluate.data.days.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{d.date}</Table.Td>
                  <Table.Td>
                    <Text c={VERDICT_COLOR[d.verdict]} fw={600} size="sm">
                      {d.verdict}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {d.hoursLost} / {d.workingHours}
                  </Table.Td>
                  <Table.Td>
                    {d.rules.map((r) => (
                      <Text key={r.id} size="sm">
                        {r.reason} <Code>{r.id}</Code>
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
