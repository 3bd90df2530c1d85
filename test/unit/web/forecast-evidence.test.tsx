import { screen } from '@testing-library/react';
import type { LedgerEvidence } from '../../../shared/ledger';
import { ForecastEvidence } from '../../../web/src/features/weather/components/forecast-evidence';
import { renderWithProviders } from './render';

// One working day in Chicago (UTC−6 in November), judged on rain and on thunderstorms.
const evidence: LedgerEvidence = {
  jobsite: {
    id: 'site-1',
    name: 'Riverside Medical Center',
    address: null,
    timezone: 'America/Chicago',
    workingHours: { start: '07:00', end: '17:00' },
  },
  client: null,
  date: '2026-11-25',
  verdict: 'partial',
  hoursLost: 2,
  delayDay: false,
  beyondAllowance: false,
  month: { month: '2026-11', delayDays: 0, anticipated: 0, beyondAllowance: 0 },
  worked: null,
  note: null,
  markedAt: null,
  decidedAt: '2026-11-25T00:00:00.000Z',
  judgement: null,
  rules: [
    { id: 'rain', metric: 'precipitation', op: '>=', threshold: 2.54 },
    { id: 'lightning', metric: 'weather_code', op: '>=', threshold: 95 },
  ],
  forecast: {
    source: 'simulated',
    scenario: null,
    hours: ['2026-11-25T14:00:00.000Z', '2026-11-25T15:00:00.000Z'],
    values: { precipitation: [0, 3], weather_code: [3, 95] },
  },
  messages: [],
  observed: {
    status: 'pending',
    sources: [],
    judgedOn: null,
    verdict: null,
    rules: [],
    series: [],
    attempts: 0,
    lastAttemptAt: null,
    reason: null,
  },
};

describe('ForecastEvidence', () => {
  it('should head a unit-less column with its name alone when the rules read weather codes', () => {
    renderWithProviders(<ForecastEvidence e={evidence} units="us" />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Hour', 'Rain (in/h)', 'Weather code']);
  });
});
