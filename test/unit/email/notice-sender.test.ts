import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { SesNoticeMailer } from '../../../lambdas/adapters/ses/ses.notice-mailer';
import type { NoticeContent } from '../../../lambdas/core/dispatch/dispatch.ports';
import type { NoticeMessage } from '../../../lambdas/core/email/email.ports';
import { templatedNoticeSender } from '../../../lambdas/core/email/notice-sender';
import { NoticeDetailsTokens } from '../../../lambdas/core/notices/notice-link';

const ORIGIN = 'https://app.raincheck.example';
const links = new NoticeDetailsTokens('a-notice-link-secret-of-at-least-32-chars');

const content: NoticeContent = {
  kind: 'notice',
  tenantId: 'owner-1',
  jobsite: {
    id: 'site-1',
    name: 'Harbor Point Tower',
    address: '1200 Alaskan Way, Seattle, WA',
    timezone: 'America/Los_Angeles',
    workingHours: { start: '07:00', end: '17:00' },
  },
  clientName: null,
  workDate: '2026-12-03',
  judgement: {
    date: '2026-12-03',
    verdict: 'full',
    hoursLost: 10,
    workingHours: 10,
    rules: [],
  },
  simulated: false,
  contractor: {
    company: 'Acme Builders',
    contact: { name: 'Ana Silva', phone: '+1 206 555 0100' },
    replyTo: 'bea@acme.example',
  },
};

function senderWith(sent: NoticeMessage[]) {
  return templatedNoticeSender({
    templates: { list: async () => [] },
    tokens: { url: () => `${ORIGIN}/unsubscribe?token=u` },
    noticeLinks: links,
    mailer: {
      send: async (m) => (sent.push(m), { messageId: 'm-1' }),
      sendBatch: async () => ({ messageIds: [] }),
    },
    appOrigin: ORIGIN,
    clock: { now: () => new Date('2026-12-02T18:00:00Z') },
  });
}

describe('a notice in the contractor’s name', () => {
  it("should send as '<Company> via Raincheck' with replies to the jobsite's manager and a details link that opens that day", async () => {
    const sent: NoticeMessage[] = [];
    const recipient = { audience: 'worker' as const, email: 'w@example.com', name: 'Wes', workerId: 'w1' };
    await senderWith(sent).send(content, recipient);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ fromName: 'Acme Builders via Raincheck', replyTo: 'bea@acme.example' });
    const url = /https:\/\/app\.raincheck\.example\/n\/([A-Za-z0-9_-]+)/.exec(sent[0]!.text);
    expect(url).not.toBeNull();
    expect(sent[0]!.html).toContain(url![0]);
    expect(links.verify(url![1]!, new Date('2026-12-02T18:00:00Z'))).toMatchObject({
      tenantId: 'owner-1',
      jobsiteId: 'site-1',
      workDate: '2026-12-03',
    });
  });

  it('should keep the deployment sender name when the account has no company', async () => {
    const sent: NoticeMessage[] = [];
    const recipient = { audience: 'client' as const, email: 'c@example.com', name: 'Cy', workerId: null };
    await senderWith(sent).send(
      { ...content, contractor: { ...content.contractor!, company: null } },
      recipient,
    );
    expect(sent[0]!.fromName).toBeUndefined();
  });

  it('should put the display name over our own address and the reply-to over the admins’ one', async () => {
    const inputs: any[] = [];
    const client = {
      send: async (command: { input: unknown }) => (inputs.push(command.input), { MessageId: 'x' }),
    } as unknown as SESv2Client;
    const from = async () => ({
      from: '"Raincheck Alerts" <alerts@raincheck.example>',
      replyTo: ['support@raincheck.example'],
    });
    const mailer = new SesNoticeMailer(client, { from });
    const message = { to: 'w@example.com', subject: 's', text: 't', html: 'h' };
    await mailer.send({ ...message, fromName: 'Acme Builders via Raincheck', replyTo: 'bea@acme.example' });
    await mailer.send(message);
    expect(inputs[0].FromEmailAddress).toBe('"Acme Builders via Raincheck" <alerts@raincheck.example>');
    expect(inputs[0].ReplyToAddresses).toEqual(['bea@acme.example']);
    expect(inputs[1].FromEmailAddress).toBe('"Raincheck Alerts" <alerts@raincheck.example>');
    expect(inputs[1].ReplyToAddresses).toEqual(['support@raincheck.example']);
  });
});
