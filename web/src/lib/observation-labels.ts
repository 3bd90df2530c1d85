import type { ObservationStatus } from '../../../shared/weather/observed';
import type { UnitSystem } from '../../../shared/weather/units';

export const OBSERVATION_LABEL: Record<ObservationStatus, string> = {
  confirmed: 'Confirmed',
  'not-confirmed': 'Not confirmed',
  pending: 'Pending',
  unavailable: 'Unavailable',
};

export const OBSERVATION_COLOR: Record<ObservationStatus, string> = {
  confirmed: 'teal',
  'not-confirmed': 'orange',
  pending: 'gray',
  unavailable: 'gray',
};

/** A source's distance in the account's units ("4.2 mi away", "6.8 km away"). */
export function distanceText(km: number, units: UnitSystem): string {
  const value = units === 'us' ? km / 1.609344 : km;
  return `${value.toFixed(1)} ${units === 'us' ? 'mi' : 'km'} away`;
}
