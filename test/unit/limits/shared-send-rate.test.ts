import { cachedRate, SharedSendRate } from '../../../lambdas/core/limits/shared-send-rate';
import { MemoryRateWindows } from '../email/fakes';

/**
 * A clock that moves only when a sleep ends, after the work already due has run (microtasks run
 * before the next immediate): a grant and what follows it happen in the same second.
 */
function fakeClock(startMs = Date.parse('2026-11-27T05:00:00.000Z')) {
  const clock = { ms: startMs };
  return {
    clock,
    now: () => clock.ms,
    sleep: (ms: number) => {
      const until = clock.ms + ms;
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          clock.ms = Math.max(clock.ms, until);
          resolve();
        }),
      );
    },
  };
}

describe('one send rate shared by every process of the account', () => {
  it('should never let two processes together pass the account rate in any second', async () => {
    const store = new MemoryRateWindows();
    const time = fakeClock();
    const gate = () =>
      new SharedSendRate({
        channel: 'ses',
        ratePerSecond: async () => 5,
        store,
        now: time.now,
        sleep: time.sleep,
      });
    const [a, b] = [gate(), gate()];
    const sentPerSecond = new Map<number, number>();
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        await (i % 2 ? a : b).take();
        const second = Math.floor(time.clock.ms / 1000);
        sentPerSecond.set(second, (sentPerSecond.get(second) ?? 0) + 1);
      }),
    );

    const perSecond = [...sentPerSecond.values()];
    expect(perSecond.reduce((x, y) => x + y, 0)).toBe(30);
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(5);
    // Paced by the account, not stalled: 30 sends at 5 a second take about six seconds.
    expect(perSecond.length).toBeLessThanOrEqual(7);
  });

  it('should write the table once per block of sends, not once per message', async () => {
    const store = new MemoryRateWindows();
    const takeUpTo = jest.spyOn(store, 'takeUpTo');
    const time = fakeClock();
    const gate = new SharedSendRate({
      channel: 'ses',
      ratePerSecond: async () => 100,
      store,
      now: time.now,
      sleep: time.sleep,
    });
    await Promise.all(Array.from({ length: 50 }, () => gate.take()));
    expect(takeUpTo.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it("should read SES's rate once and keep it, falling back when it cannot be read", async () => {
    const read = jest.fn(async () => 14);
    const rate = cachedRate(read, 10);
    await expect(Promise.all([rate(), rate()])).resolves.toEqual([14, 14]);
    expect(read).toHaveBeenCalledTimes(1);

    const warn = jest.fn();
    const broken = cachedRate(
      async () => Promise.reject(new Error('AccessDenied')),
      10,
      600_000,
      Date.now,
      warn,
    );
    await expect(broken()).resolves.toBe(10);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Send rate unreadable; using 10 per second'));
  });
});
