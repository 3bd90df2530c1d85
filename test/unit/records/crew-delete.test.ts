import { deleteCrew } from '../../../lambdas/core/records/crews';
import { updateWorker } from '../../../lambdas/core/records/workers';
import { previewWorkersImport } from '../../../lambdas/core/records/workers-import';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { ConflictError, ValidationError } from '../../../lambdas/core/errors';
import type { RecordsDeps } from '../../../lambdas/core/records/records.deps';
import type { StoredCrew } from '../../../lambdas/core/records/records.ports';
import type { Worker } from '../../../shared/records';
import { fixedRecords, fixedRepo, testJobsite, testWorker } from '../dispatch/records.fixtures';

const AT = '2026-11-20T12:00:00.000Z';
const tenant = tenantFromStore('t1');
const crew: StoredCrew = {
  id: 'c1',
  name: 'Night Pour',
  notes: null,
  hourlyRateCents: null,
  createdAt: AT,
  updatedAt: AT,
};
const ann = testWorker({ id: 'w1', name: 'Ann', email: 'ann@example.com', crewIds: ['c1'] }, AT);
const bo = testWorker({ id: 'w2', name: 'Bo', email: 'bo@example.com', crewIds: ['c1'] }, AT);
const yard = testJobsite({ id: 'j1', name: 'Yard', latitude: 41.9, longitude: -87.6 }, AT);
const naming = { ...yard, recipients: { ...yard.recipients, crewIds: ['c1'] } };

/**
 * The use-case over a store whose delete answers `outcomes` in turn (the last one again after), and
 * whose crew has `members` (read only after a refusal); every call recorded.
 */
function storeWith(outcomes: ('removed' | 'used' | 'gone')[], members: Worker[], jobsites = [naming]) {
  const calls: string[] = [];
  const records = fixedRecords(jobsites, members);
  let turn = 0;
  let made = 0;
  const deps: RecordsDeps = {
    clock: { now: () => new Date(AT) },
    ids: { next: () => `id${++made}` },
    records: {
      ...records,
      crews: {
        ...fixedRepo([crew]),
        removeUnused: async () => {
          calls.push('removeUnused');
          return outcomes[Math.min(turn++, outcomes.length - 1)]!;
        },
      },
      workers: {
        ...records.workers,
        crewMembers: async (_t, crewIds) => {
          calls.push('crewMembers');
          return new Map(
            crewIds.map((id) => [id, members.filter((w) => w.crewIds.includes(id)).map((w) => w.id)]),
          );
        },
      },
    },
  };
  return { deps, calls };
}

describe('deleting a crew', () => {
  it('should delete in the store first and read no members when nothing uses the crew', async () => {
    const { deps, calls } = storeWith(['removed'], [ann]);
    await deleteCrew(tenant, 'c1', deps);
    expect(calls).toEqual(['removeUnused']);
  });

  it("should name the members and the jobsites in today's words when the store refuses", async () => {
    const { deps } = storeWith(['used'], [ann, bo]);
    const refused = deleteCrew(tenant, 'c1', deps);
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow(
      'Crew "Night Pour" is used by 2 workers ("Ann" and "Bo") and 1 jobsite ("Yard"). Remove it from them first.',
    );
  });

  it('should try again when the crew was freed between the refusal and the names', async () => {
    const { deps, calls } = storeWith(['used', 'removed'], [], []);
    await deleteCrew(tenant, 'c1', deps);
    expect(calls).toEqual(['removeUnused', 'crewMembers', 'removeUnused']);
  });

  it('should give up after a few tries when the crew keeps being used and freed', async () => {
    const { deps, calls } = storeWith(['used'], [], []);
    await expect(deleteCrew(tenant, 'c1', deps)).rejects.toThrow('kept being used and freed');
    expect(calls.filter((c) => c === 'removeUnused')).toHaveLength(5);
  });

  it('should read the members first where the store cannot refuse a used crew', async () => {
    const { deps } = storeWith([], [ann], []);
    const { removeUnused: _removeUnused, ...plain } = deps.records.crews;
    const removed: string[] = [];
    const store = {
      ...deps,
      records: {
        ...deps.records,
        crews: { ...plain, remove: async (_t: unknown, id: string) => void removed.push(id) },
      },
    };
    await expect(deleteCrew(tenant, 'c1', store)).rejects.toThrow('is used by 1 worker ("Ann")');
    const empty = storeWith([], [], []);
    const { removeUnused: _unused, ...free } = empty.deps.records.crews;
    await deleteCrew(tenant, 'c1', {
      ...empty.deps,
      records: { ...empty.deps.records, crews: { ...free, remove: async (_t, id) => void removed.push(id) } },
    });
    expect(removed).toEqual(['c1']);
  });
});

describe('a save that changes many crews', () => {
  const crews = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const crewRecords = (list: string[]) => list.map((id): StoredCrew => ({ ...crew, id, name: `Crew ${id}` }));

  it('should refuse an update joining and leaving more than 45 crews with a 400 on crewIds', async () => {
    const inMany = { ...ann, crewIds: crews('old', 30) };
    const { deps } = storeWith([], [inMany], []);
    const store = {
      ...deps,
      records: { ...deps.records, crews: fixedRepo(crewRecords([...crews('old', 30), ...crews('new', 30)])) },
    };
    const update = updateWorker(tenant, ann.id, { crewIds: crews('new', 30) }, store);
    await expect(update).rejects.toBeInstanceOf(ValidationError);
    await expect(update).rejects.toMatchObject({
      field: 'crewIds',
      message: expect.stringContaining('two steps'),
    });
  });

  it('should mark an import row that swaps more than 45 crews of a worker, naming the crews column', async () => {
    const inMany = { ...ann, crewIds: crews('old', 40) };
    const { deps } = storeWith([], [inMany], []);
    const store = { ...deps, records: { ...deps.records, crews: fixedRepo(crewRecords(crews('old', 40))) } };
    const names = crews('New ', 10).join(';');
    const preview = await previewWorkersImport(
      tenant,
      `name,email,crews\nAnn,ann@example.com,${names}\n`,
      store,
    );
    expect(preview.rows[0]).toMatchObject({
      status: 'error',
      fields: { crews: expect.stringContaining('two steps') },
    });
  });
});
