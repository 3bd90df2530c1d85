import type { Rule } from '../../shared/weather/rule';

/**
 * The place, day and rules the observation fixtures (`test/fixtures/observations`) were written for:
 * downtown Seattle, where their front crosses on Wednesday 2026-03-04. Shared by the unit and
 * integration tests of observed weather.
 */
export const SEATTLE = { latitude: 47.6062, longitude: -122.3321, timezone: 'America/Los_Angeles' };
export const OBSERVED_DATE = '2026-03-04';
export const GUSTS: Rule = {
  id: 'crane-gusts',
  metric: 'wind_gusts',
  op: '>=',
  threshold: 48.28,
  label: 'the crane gust limit',
};
export const RAIN: Rule = {
  id: 'rain-rate',
  metric: 'precipitation',
  op: '>=',
  threshold: 2.54,
  label: 'the rain limit',
};
