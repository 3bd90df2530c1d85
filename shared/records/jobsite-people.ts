import type { Jobsite } from './jobsite';
import type { Worker } from './worker';

/**
 * The workers a jobsite's notices are for: those named on it, the members of its crews, and its
 * foreman (asked to confirm every notice), each once, whatever their channels' state.
 */
export function workersOfJobsite<W extends Pick<Worker, 'id' | 'crewIds'>>(
  jobsite: Pick<Jobsite, 'recipients' | 'foremanWorkerId'>,
  workers: readonly W[],
): W[] {
  const wanted = new Set([
    ...jobsite.recipients.workerIds,
    ...(jobsite.foremanWorkerId ? [jobsite.foremanWorkerId] : []),
  ]);
  const crews = new Set(jobsite.recipients.crewIds);
  return workers.filter((w) => wanted.has(w.id) || w.crewIds.some((c) => crews.has(c)));
}
