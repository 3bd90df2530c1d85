import { requiredOnFirstUse } from '../required-on-first-use';

type ElectroDB = typeof import('electrodb');

/**
 * ElectroDB itself, loaded when the first entity is built rather than with the module graph: its
 * module evaluation (~a third of a small Lambda's init, issue 26 item 8) belongs to the first
 * request that reads the table.
 */
export const electrodb = requiredOnFirstUse<ElectroDB>(
  'electrodb',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => require('electrodb'),
);
