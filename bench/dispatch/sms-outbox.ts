/**
 * The local SMS server (local/sms-server: the End User Messaging API the product's SMS client calls)
 * in a child process of the bench (`tsx bench/dispatch-real.ts --sms-server`), as the SES emulator
 * runs in its own: the texts' receiving end costs the dispatchers' processes nothing.
 */
import { fork } from 'node:child_process';
import { startSmsServer } from '../../local/sms-server/sms-server';

/** The number the bench's texts come from (a toll-free number's form, as the local stack's). */
export const BENCH_SMS_NUMBER = '+18885550199';

export function runSmsOutbox(): void {
  void startSmsServer({
    port: 0,
    originationNumber: BENCH_SMS_NUMBER,
    // No replies in a bench: nothing to deliver.
    deliver: async () => undefined,
  }).then((server) => {
    process.send!({ url: server.url.replace('localhost', '127.0.0.1') });
    process.on('message', (m: { cmd: string }) => {
      if (m.cmd === 'close') void server.close().then(() => process.exit(0));
    });
  });
  process.on('disconnect', () => process.exit(0));
}

export async function startSmsOutbox(): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const child = fork(process.argv[1]!, ['--sms-server'], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve(m.url));
    child.once('exit', (code) => reject(new Error(`The SMS server exited (${code})`)));
  });
  return {
    url,
    pid: child.pid!,
    close: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ cmd: 'close' });
      const timer = setTimeout(() => child.kill(), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
