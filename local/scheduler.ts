import { SCHEDULES, type HandlerSchedule } from '../shared/schedules';

export type ScheduledJob = () => Promise<unknown>;

/**
 * Runs each scheduled handler on the cadence the CDK app gives its EventBridge rule, aligned to the
 * wall clock as EventBridge rate schedules roughly are (every 15 minutes on :00, :15, :30, :45).
 */
export function startScheduler(
  jobs: Record<string, ScheduledJob>,
  opts: { log?: (line: string) => void; schedules?: readonly HandlerSchedule[] } = {},
): { stop: () => void } {
  const log = opts.log ?? ((line: string) => console.log(line));
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const schedule of opts.schedules ?? SCHEDULES) {
    const job = jobs[schedule.entry];
    if (!job) throw new Error(`No local job for scheduled entry "${schedule.entry}"`);
    const periodMs = schedule.rateMinutes * 60_000;
    const tick = async () => {
      if (stopped) return;
      try {
        const result = await job();
        log(`[scheduler] ${schedule.entry} ran: ${JSON.stringify(result)}`);
      } catch (err) {
        log(`[scheduler] ${schedule.entry} failed: ${String(err)}`);
      }
    };
    const untilNext = periodMs - (Date.now() % periodMs);
    const first = setTimeout(() => {
      void tick();
      timers.push(setInterval(() => void tick(), periodMs));
    }, untilNext);
    timers.push(first);
  }
  return {
    stop: () => {
      stopped = true;
      timers.forEach((t) => clearTimeout(t));
    },
  };
}
