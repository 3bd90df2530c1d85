/**
 * The read-only fields the server keeps on a jobsite: who changed it and its rules last (issue 22).
 * On its own, without zod, so the store's mapping can name them without the records' schemas.
 */
export const JOBSITE_CHANGE_FIELDS = [
  'updatedById',
  'updatedByName',
  'rulesUpdatedAt',
  'rulesUpdatedById',
  'rulesUpdatedByName',
] as const;
