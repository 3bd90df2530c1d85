// Kept apart from the zod schemas of template.ts: the table's entities import these, and a Lambda
// that only marks bounces should not bundle zod's classic API for two lists.

/** What a message is about: a new delay, a changed one, or a called delay that no longer applies. */
export const EMAIL_KINDS = ['notice', 'update', 'allClear'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Who reads it: the crew on the site, their managers, or the client (when opted in). */
export const EMAIL_AUDIENCES = ['worker', 'manager', 'client'] as const;
export type EmailAudience = (typeof EMAIL_AUDIENCES)[number];
