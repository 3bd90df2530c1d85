import { LAMBDA_ENTRIES } from '../../infra/lambda-entries';
import { createHolidaysApp, HOLIDAY_ROUTES } from '../../lambdas/holidays/app';

describe('the holidays Lambda', () => {
  it('should be routed exactly the holiday calendar routes its app serves, none of them public', () => {
    const holidays = LAMBDA_ENTRIES.find((e) => e.name === 'holidays')!;
    expect(holidays.routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      HOLIDAY_ROUTES.map((r) => `${r.method} ${r.path}`).sort(),
    );
    expect(holidays.routes.every((r) => !r.public)).toBe(true);
  });

  it('should refuse every holiday route without a verified caller', async () => {
    const app = createHolidaysApp({
      authenticate: async () => null,
      holidays: {} as Parameters<typeof createHolidaysApp>[0]['holidays'],
    });
    for (const route of HOLIDAY_ROUTES) {
      const res = await app.request(route.path, { method: route.method });
      expect({ route: route.path, status: res.status }).toEqual({ route: route.path, status: 401 });
    }
  });
});
