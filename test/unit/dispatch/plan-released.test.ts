import type { DueJobsite, NoticeSchedule } from '../../../lambdas/core/dispatch/dispatch.ports';
import {
  releasedAt,
  type HeldMessage,
  type HeldMessageRepo,
} from '../../../lambdas/core/dispatch/held-messages';
import { planDispatch } from '../../../lambdas/core/dispatch/plan-dispatch';

/** In-memory schedule and held messages: the unit level only (DynamoDB is covered by the integration tests). */
const SLOT = new Date('2026-12-03T12:00:00Z'); // 06:00 in Chicago

function held(jobsiteId: string, releaseAt: string): HeldMessage {
  return {
    tenantId: 't1',
    jobsiteId,
    workDate: '2026-12-03',
    noticeTime: '21:00',
    timezone: 'America/Chicago',
    cell: 'c1',
    jobsiteName: jobsiteId,
    kind: 'notice',
    verdict: 'full',
    messageKey: 'notice:full',
    recipients: [],
    releaseAt,
    releaseLocal: '06:00',
    heldAt: '2026-12-03T03:00:00.000Z',
    runId: 'r1',
  };
}

function repo(items: HeldMessage[]): HeldMessageRepo & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    hold: async () => undefined,
    dueIn: async (slots) => (asked.push([...slots]), items.filter((h) => slots.includes(h.releaseAt))),
    clear: async () => undefined,
    listForTenant: async () => items,
  };
}

describe('releasing held messages', () => {
  it('should find the holds of this slot and of the last three hours by slot, and no later ones', async () => {
    const r = repo([
      held('now', '2026-12-03T12:00:00.000Z'),
      held('missed', '2026-12-03T09:15:00.000Z'),
      held('too-old', '2026-12-03T08:45:00.000Z'),
      held('later', '2026-12-03T12:15:00.000Z'),
    ]);
    const due = await releasedAt(SLOT, r);
    expect(due.map((d) => d.jobsiteId).sort()).toEqual(['missed', 'now']);
    expect(due[0]).toMatchObject({ released: true, workDate: '2026-12-03', cell: 'c1' });
    expect(r.asked[0]).toHaveLength(13);
  });

  it('should plan a released day once when its jobsite is also due in the slot', async () => {
    const schedule: NoticeSchedule = {
      zonesInUse: async () => ['America/Chicago'],
      dueAt: async (_zone, time) =>
        time === '06:00'
          ? [
              {
                tenantId: 't1',
                jobsiteId: 'both',
                time: '06:00',
                forDay: 'same',
                timezone: 'America/Chicago',
                workingDays: [1, 2, 3, 4, 5],
              },
            ]
          : [],
      released: async (): Promise<DueJobsite[]> => [
        { tenantId: 't1', jobsiteId: 'both', workDate: '2026-12-03', noticeTime: '21:00', released: true },
        {
          tenantId: 't1',
          jobsiteId: 'held-only',
          workDate: '2026-12-03',
          noticeTime: '21:00',
          released: true,
        },
      ],
    };
    const due = await planDispatch(SLOT, schedule);
    expect(due.map((d) => [d.jobsiteId, d.released])).toEqual([
      ['both', true],
      ['held-only', true],
    ]);
  });
});
