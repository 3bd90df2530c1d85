import * as z from 'zod';
import { patchSchemaOf } from './patch';
import { idList } from './ids';
import type { SmsStatus } from '../sms-messages';
import { optionalMobilePhone } from './mobile-phone';
import { nameText, optionalLine, requiredEmail } from './text';
import { builtOnFirstUse } from '../built-on-first-use';
import { objectOnFirstUse } from '../object-on-first-use';

/** Set by the email system (bounces, complaints, unsubscribe links); read-only through the API. */
export const WORKER_STATUSES = ['active', 'unsubscribed', 'bounced'] as const;
export type WorkerStatus = (typeof WORKER_STATUSES)[number];

/** The crews one worker can be in. */
export const MAX_CREWS_PER_WORKER = 45;

export const workerInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  name: nameText('Name', 120),
  email: requiredEmail,
  /** Any common format in; E.164 stored and returned ("+12065550100"). */
  phone: optionalMobilePhone,
  trade: optionalLine('Trade', 80),
  /**
   * 45: a worker's transaction writes, per crew joined or left, a membership item and the crew's
   * count of members beside the worker and its guards, at most 100 items (crew-memberships.ts); so
   * a save changes at most `MAX_CREW_CHANGES_PER_SAVE` of them.
   */
  crewIds: idList('Crews', MAX_CREWS_PER_WORKER).default([]),
  isManager: z.boolean({ message: 'Manager must be true or false' }).default(false),
  /** The contractor's SMS toggle; texts go only after the worker's own YES (see `sms`). */
  smsOptIn: z.boolean({ message: 'SMS must be true or false' }).default(false),
}));

/** PUT body: fields left out keep their stored values. */
export const workerPatchSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  patchSchemaOf(workerInputSchema.shape),
);

/** The crews one save may join and leave together (see `crewIds`). */
export const MAX_CREW_CHANGES_PER_SAVE = MAX_CREWS_PER_WORKER;

/** Why a save from crews `previous` to `next` is too big for one write, or null when it fits. */
export function crewChangesTooMany(previous: readonly string[], next: readonly string[]): string | null {
  const before = new Set(previous);
  const after = new Set(next);
  const changes =
    [...after].filter((c) => !before.has(c)).length + [...before].filter((c) => !after.has(c)).length;
  if (changes <= MAX_CREW_CHANGES_PER_SAVE) return null;
  return `A save can join and leave at most ${MAX_CREW_CHANGES_PER_SAVE} crews together; save the change in two steps`;
}

export type WorkerInput = z.input<typeof workerInputSchema>;
export type WorkerFields = z.output<typeof workerInputSchema>;

export interface Worker extends Omit<WorkerFields, 'smsOptIn'> {
  /** The contractor's SMS toggle (absent on records stored before SMS existed: off). */
  smsOptIn?: boolean;
  id: string;
  status: WorkerStatus;
  /** The SMS channel as the worker's consent stands (read only; absent on stored records). */
  sms?: { status: SmsStatus };
  createdAt: string;
  updatedAt: string;
}

export const WORKER_SORTS = ['name', 'email', 'createdAt', 'updatedAt'] as const;

/** CSV import: at most this many rows in one file (all or nothing). */
export const WORKER_IMPORT_MAX_ROWS = 1000;
/** The columns a workers CSV may have; `name` and `email` are required. `crews` holds crew names separated by `;`. */
export const WORKER_CSV_COLUMNS = ['name', 'email', 'phone', 'trade', 'crews', 'manager'] as const;
