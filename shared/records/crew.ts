import * as z from 'zod';
import { patchSchemaOf } from './patch';
import { nameText, optionalText } from './text';

/** A team of workers that a jobsite can notify as a whole. Membership lives on the worker (`crewIds`). */
export const crewInputSchema = z.object({
  name: nameText('Crew name', 120),
  notes: optionalText('Notes', 1000),
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
