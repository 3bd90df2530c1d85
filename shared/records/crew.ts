import * as z from 'zod';
import { patchSchemaOf } from './patch';
import { nameText, optionalText } from './text';
import { builtOnFirstUse } from '../built-on-first-use';
import { objectOnFirstUse } from '../object-on-first-use';

/** $1,000 an hour per worker: above it is a typo (cents typed as dollars), not a rate. */
export const CREW_RATE_MAX_CENTS = 100_000;
export const CREW_RATE_RANGE_MESSAGE = 'Enter a rate from $0 to $1,000 per hour';

/** A team of workers that a jobsite can notify as a whole. Membership lives on the worker (`crewIds`). */
export const crewInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  name: nameText('Crew name', 120),
  notes: optionalText('Notes', 1000),
  /** What one worker of the crew costs an hour, in US cents: the analytics' cost of delay reads it. */
  hourlyRateCents: z
    .number({ message: 'Hourly rate must be a number' })
    .int('Hourly rate must be whole cents')
    .min(0, CREW_RATE_RANGE_MESSAGE)
    .max(CREW_RATE_MAX_CENTS, CREW_RATE_RANGE_MESSAGE)
    .nullish()
    .transform((v) => v ?? null),
}));

/** PUT body: fields left out keep their stored values. */
export const crewPatchSchema = /* @__PURE__ */ builtOnFirstUse(() => patchSchemaOf(crewInputSchema.shape));

export type CrewInput = z.input<typeof crewInputSchema>;
export type CrewFields = z.output<typeof crewInputSchema>;

export interface Crew extends CrewFields {
  id: string;
  /** Workers whose `crewIds` name this crew (computed on read). */
  workerIds: string[];
  createdAt: string;
  updatedAt: string;
}

export const CREW_SORTS = ['name', 'createdAt', 'updatedAt'] as const;
