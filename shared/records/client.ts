import * as z from 'zod';
import { patchSchemaOf } from './patch';
import type { Stored } from './stored';
import { nameText, optionalEmail, optionalLine, optionalPhone, optionalText } from './text';
import { builtOnFirstUse } from '../built-on-first-use';
import { objectOnFirstUse } from '../object-on-first-use';

/** A contractor's customer: who the jobsites are built for. */
export const clientInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  name: nameText('Company name', 160),
  contactName: optionalLine('Contact name', 120),
  email: optionalEmail,
  phone: optionalPhone,
  address: optionalText('Address', 300),
  notes: optionalText('Notes', 2000),
  /** Whether the client also gets the "no work today" notices of its jobsites. */
  notifyNoWork: z.boolean({ message: 'Notify must be true or false' }).default(false),
}));

/** PUT body: fields left out keep their stored values. */
export const clientPatchSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  patchSchemaOf(clientInputSchema.shape),
);

export type ClientInput = z.input<typeof clientInputSchema>;
export type ClientFields = z.output<typeof clientInputSchema>;

export type Client = Stored<ClientFields>;

export const CLIENT_SORTS = ['name', 'createdAt', 'updatedAt'] as const;
