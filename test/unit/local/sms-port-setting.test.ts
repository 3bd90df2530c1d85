import { freePorts } from '../../../local/processes';
import { settingsFromEnv } from '../../../local/settings';
import { startSmsServer, type SmsServer } from '../../../local/sms-server/sms-server';

/**
 * RAINCHECK_SMS_PORT (issue 21's contract): the local stack starts its SMS server on
 * `settings.smsPort` (local/stack.ts), and the phone outbox answers `GET /messages` there.
 */
describe('the local SMS server port', () => {
  let server: SmsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('should default to 8006 when RAINCHECK_SMS_PORT is not set', () => {
    expect(settingsFromEnv({}).smsPort).toBe(8006);
  });

  it('should serve the phone outbox on the port RAINCHECK_SMS_PORT names', async () => {
    const [port] = await freePorts(1);
    const settings = settingsFromEnv({ RAINCHECK_SMS_PORT: String(port) });
    expect(settings.smsPort).toBe(port);
    server = await startSmsServer({
      port: settings.smsPort,
      originationNumber: '+18005550100',
      deliver: async () => undefined,
    });

    const res = await fetch(`http://127.0.0.1:${port}/messages`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual([]);
    expect(server.url).toBe(`http://localhost:${port}`);
  });

  it('should refuse a RAINCHECK_SMS_PORT that is not a port number', () => {
    expect(() => settingsFromEnv({ RAINCHECK_SMS_PORT: 'eight-thousand' })).toThrow(/Not a port number/);
    expect(() => settingsFromEnv({ RAINCHECK_SMS_PORT: '70000' })).toThrow(/Not a port number/);
  });
});
