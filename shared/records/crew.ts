import * as z from 'zod';
import { patchSchemaOf } from './patch';
import { nameText, optionalText } from './text';

/** A team of workers that a jobsite can notify as a whole. Membership lives on the worker (`crewIds`). */
export const crewInputSchema = z.object({
  name: nameText('Crew name', 120),
  notes: optionalText('Notes', 1000),
  /** What one worker of the crew costs an hour, in US cents: the analytics' cost of delay reads it. */
  hourlyRateCents: z
    .number({ message: 'Hourly rate must be a number' })
    .int('Hourly rate must be whole cents')
    .min(0, 'Hourly rate cannot be negative')
    .max(1_000_000, 'Hourly rate must be at most $10,000.00')
    .nullish()
    .transform((v) => v ?? null),
});

/** PUT body: fields left out keep their stored values. */
export const crewPatchSchema = patchSchemaOf(crewInputSchema.shape);

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
