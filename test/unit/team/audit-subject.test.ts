import { auditSubjectOf } from '../../../lambdas/core/team/audit-subject';
import { describeAudit } from '../../../shared/team-roles';

describe('auditSubjectOf', () => {
  it('should name the record by its name when the answer has one', () => {
    expect(auditSubjectOf('/api/jobsites/3f2a9c1e-aaaa', { id: '3f2a9c1e-aaaa', name: 'Harbor Point' })).toBe(
      'jobsite “Harbor Point”',
    );
    expect(auditSubjectOf('/api/crews', { id: 'c1', name: 'Concrete crew' })).toBe('crew “Concrete crew”');
  });

  it('should name the record by the start of its id when the answer has no name (a delete)', () => {
    expect(auditSubjectOf('/api/workers/7c3d11c7-e337-4898', null)).toBe('worker 7c3d11c7');
  });

  it('should say which ledger day of which jobsite was marked', () => {
    expect(auditSubjectOf('/api/jobsites/abcdef123456/ledger/2026-02-02', { worked: true })).toBe(
      'the ledger day 2026-02-02 of jobsite abcdef12',
    );
  });

  it('should name fixed paths in words and leave unknown paths as they were', () => {
    expect(auditSubjectOf('/api/holidays', {})).toBe('the holiday calendar');
    expect(auditSubjectOf('/api/me/profile', { name: 'Dana' })).toBe('their profile');
    expect(auditSubjectOf('/api/account/brand', {})).toBe("the account's branding");
    expect(auditSubjectOf('/api/something/else', {})).toBe('/api/something/else');
  });
});

describe('describeAudit', () => {
  const base = { id: 'a', at: '2026-11-24T10:00:00.000Z' };

  it('should read "invited x as manager" and "joined the team as viewer"', () => {
    expect(
      describeAudit({ ...base, action: 'invited', actor: 'o@x.com', subject: 'd@x.com', detail: 'manager' }),
    ).toBe('o@x.com invited d@x.com as manager');
    expect(
      describeAudit({ ...base, action: 'joined', actor: 'd@x.com', subject: 'd@x.com', detail: 'viewer' }),
    ).toBe('d@x.com joined the team as viewer');
  });

  it('should read a record change as the verb and the record in words', () => {
    expect(
      describeAudit({
        ...base,
        action: 'record-changed',
        actor: 'd@x.com',
        subject: 'jobsite “Harbor Point”',
        detail: 'updated',
      }),
    ).toBe('d@x.com updated jobsite “Harbor Point”');
  });
});
