import type { RaincheckService } from '../lambdas/adapters/dynamo/entities';
import { DEFAULT_NOTICE_TIMES, DEFAULT_WORKING_DAYS } from '../shared/notice-slots';

/** Demo data for the demo contractor, written only when it is missing so user edits survive restarts. */
export async function seedDemoData(
  db: RaincheckService,
  demo: { userId: string; email: string },
): Promise<void> {
  const { data: profile } = await db.entities.profile.get({ userId: demo.userId }).go();
  if (!profile) {
    await db.entities.profile
      .put({
        userId: demo.userId,
        email: demo.email,
        name: 'Dana Demo',
        company: 'Demo Builders LLC',
        units: 'us',
        createdAt: new Date().toISOString(),
      })
      .go();
  }
  const { data: site } = await db.entities.jobsiteSchedule
    .get({ tenantId: demo.userId, jobsiteId: 'demo-site-1' })
    .go();
  if (!site) {
    await db.entities.jobsiteSchedule
      .put({
        tenantId: demo.userId,
        jobsiteId: 'demo-site-1',
        name: 'Riverside Medical Center',
        timezone: 'America/Chicago',
        active: true,
        noticeTimes: DEFAULT_NOTICE_TIMES.map((n) => ({ ...n })),
        workingDays: [...DEFAULT_WORKING_DAYS],
        createdAt: new Date().toISOString(),
      })
      .go();
  }
}
