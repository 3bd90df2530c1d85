/** A valid body per record resource, for the tests that walk every route (route-walk, path-id-shapes). */
export const WALKED_BODIES: Record<string, unknown> = {
  clients: { name: 'Walked client' },
  crews: { name: 'Walked crew' },
  workers: { name: 'Walked worker', email: 'walked-worker@example.com' },
  jobsites: { name: 'Walked site', latitude: 30.27, longitude: -97.74 },
  'email-templates': {
    name: 'Walked',
    kind: 'notice',
    audience: 'worker',
    subject: '{{verdict}} at {{jobsite}}',
    body: '{{action}}',
  },
};
