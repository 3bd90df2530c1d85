import { PLANS } from '../../../shared/plans';
import { compareQueue, respondBy, timeLeftLabel, type SupportQueueItem } from '../../../shared/support';

function item(id: string, plan: SupportQueueItem['plan'], createdAt: string): SupportQueueItem {
  return {
    id,
    subject: id,
    page: '/dashboard',
    status: 'open',
    createdAt,
    updatedAt: createdAt,
    firstResponseAt: null,
    accountId: `acct-${id}`,
    email: `${id}@example.com`,
    company: null,
    plan,
    prioritySupport: PLANS[plan].features.prioritySupport,
    assignee: null,
    respondBy: respondBy(plan, createdAt),
  };
}

describe('the support queue', () => {
  it('should put a priority-support request before older ones, then the oldest first', () => {
    const queue = [
      item('basic-new', 'basic', '2026-11-25T10:00:00Z'),
      item('enterprise', 'enterprise', '2026-11-25T12:00:00Z'),
      item('basic-old', 'basic', '2026-11-24T09:00:00Z'),
      item('premium', 'premium', '2026-11-25T08:00:00Z'),
    ].sort(compareQueue);
    expect(queue.map((q) => q.id)).toEqual(['enterprise', 'basic-old', 'premium', 'basic-new']);
  });

  it("should count down each plan's first-response target and say when it is overdue", () => {
    const enterprise = item('e', 'enterprise', '2026-11-25T12:00:00Z');
    expect(enterprise.respondBy).toBe('2026-11-25T16:00:00.000Z');
    expect(timeLeftLabel(enterprise.respondBy, new Date('2026-11-25T12:40:00Z'))).toBe('3 h 20 min left');
    expect(timeLeftLabel(enterprise.respondBy, new Date('2026-11-25T18:00:00Z'))).toBe(
      'overdue by 2 h 0 min',
    );
    const basic = item('b', 'basic', '2026-11-25T12:00:00Z');
    expect(timeLeftLabel(basic.respondBy, new Date('2026-11-25T12:00:00Z'))).toBe('2 d 0 h left');
  });
});
