/**
 * What a member's record write did, in words the owner reads in the audit log ("jobsite “Harbor
 * Point Tower”", "the ledger day 2026-02-02 of jobsite …") instead of the request's path. Built from
 * the path and, when the answer names the record, its name; an unknown path stays as it was.
 */
const NOUNS: Record<string, string> = {
  jobsites: 'jobsite',
  workers: 'worker',
  crews: 'crew',
  clients: 'client',
  'email-templates': 'email template',
  webhooks: 'webhook',
  'api-keys': 'API key',
};

/** The things at a fixed path (no id): the account's own settings and the member's own ("updated their profile"). */
const SINGLETONS: Record<string, string> = {
  '/api/holidays': 'the holiday calendar',
  '/api/workers/import': 'workers from a CSV import',
  '/api/email/test': 'a test email',
  '/api/support/requests': 'a support request',
  '/api/me/profile': 'their profile',
  '/api/me/quiet-hours': 'their quiet hours',
  '/api/account/brand': "the account's branding",
  '/api/account/brand/logo-upload': "the account's logo",
  '/api/account/sso': 'single sign-on',
  '/api/account/support-access': 'support access',
  '/api/reports': 'a report',
  '/api/reports/schedules/run': 'a scheduled report run',
};

export function auditSubjectOf(path: string, answer: unknown): string {
  if (SINGLETONS[path]) return SINGLETONS[path];
  const [resource, id, sub, subId] = path.replace(/^\/api\//, '').split('/');
  const noun = resource ? NOUNS[resource] : undefined;
  if (!noun) return path;
  const name = nameIn(answer);
  const record = name ? `${noun} “${name}”` : id ? `${noun} ${id.slice(0, 8)}` : `a ${noun}`;
  if (resource === 'jobsites' && sub === 'ledger' && subId) return `the ledger day ${subId} of ${record}`;
  if (sub && !subId) return `the ${sub.replaceAll('-', ' ')} of ${record}`;
  return record;
}

function nameIn(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const { name } = answer as { name?: unknown };
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 120) : null;
}
