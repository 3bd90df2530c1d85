/**
 * The holiday calendar routes: the only ones that need date-holidays. The holidays Lambda serves
 * exactly these (infra/lambda-entries.ts routes them to it), and the local stack mounts its app at them.
 */
export const HOLIDAY_ROUTES = [
  { method: 'GET', path: '/api/holidays' },
  { method: 'PUT', path: '/api/holidays' },
  { method: 'GET', path: '/api/holidays/countries' },
] as const;
