import { noticeContractor } from '../../../lambdas/core/notices/notice-contractor';
import type { Jobsite, Worker } from '../../../shared/records';

const worker = (over: Partial<Worker>): Worker => ({
  id: 'w',
  name: 'Worker',
  email: 'w@example.com',
  phone: null,
  trade: null,
  crewIds: [],
  isManager: false,
  status: 'active',
  createdAt: '',
  updatedAt: '',
  ...over,
});
const site = (over: Partial<Jobsite> = {}): Jobsite =>
  ({
    id: 's1',
    name: 'Harbor Point Tower',
    address: '1200 Alaskan Way',
    recipients: { workerIds: ['w1', 'w2'], crewIds: ['c1'], notifyClient: false },
    ...over,
  }) as Jobsite;
const OWNER = { company: 'Acme Builders', name: 'Owen Owner', email: 'owner@acme.example' };

describe('the contractor a notice speaks for', () => {
  const crewBoss = worker({
    id: 'w3',
    name: 'Bea Boss',
    email: 'bea@acme.example',
    phone: '+1 206 555 0199',
    isManager: true,
    crewIds: ['c1'],
  });
  const workers = [
    worker({ id: 'w1' }),
    crewBoss,
    worker({ id: 'w9', isManager: true, name: 'Al Elsewhere' }),
  ];

  it("should name the jobsite's own site contact and send replies to its manager", () => {
    const contact = { name: 'Ana Silva', phone: '+1 206 555 0100' };
    expect(noticeContractor(OWNER, site({ siteContact: contact }), workers)).toEqual({
      company: 'Acme Builders',
      contact,
      replyTo: 'bea@acme.example',
    });
  });

  it("should fall back to the site's manager (through a crew) with their phone", () => {
    expect(noticeContractor(OWNER, site(), workers).contact).toEqual({
      name: 'Bea Boss',
      phone: '+1 206 555 0199',
    });
  });

  it('should fall back to the account owner when the site has no manager, replies going to the owner', () => {
    const out = noticeContractor(OWNER, site(), [worker({ id: 'w1' })]);
    expect(out.contact).toEqual({ name: 'Owen Owner', phone: null });
    expect(out.replyTo).toBe('owner@acme.example');
  });

  it('should not count a manager who unsubscribed or who is not on the site', () => {
    const gone = { ...crewBoss, status: 'unsubscribed' as const };
    expect(noticeContractor(OWNER, site(), [gone, workers[2]!]).replyTo).toBe('owner@acme.example');
  });

  it('should leave the company empty when the account has none', () => {
    expect(noticeContractor({ ...OWNER, company: '  ' }, site(), []).company).toBeNull();
    expect(noticeContractor(null, site(), [])).toEqual({ company: null, contact: null, replyTo: null });
  });
});
