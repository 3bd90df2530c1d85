import type { EntityItem } from 'electrodb';
import type { Client } from '../../../shared/records';
import type { StoredCrew } from '../../core/records/records.ports';
import { opt, orNull, type Db } from './record-repo';
import { nameIndexed, SEARCH_FIELDS } from '../../core/records/record-search';

type ClientItem = EntityItem<Db['client']>;
type CrewItem = EntityItem<Db['crew']>;

/** Clients and crews as ElectroDB items and back (the workers import writes crews too). */
export const clientFromItem = (i: ClientItem): Client => ({
  id: i.clientId,
  name: i.name,
  contactName: orNull(i.contactName),
  email: orNull(i.email),
  phone: orNull(i.phone),
  address: orNull(i.address),
  notes: orNull(i.notes),
  notifyNoWork: i.notifyNoWork,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
});
export const clientItem = (tenantId: string, c: Client) => ({
  tenantId,
  ...nameIndexed(c.name, c.id, SEARCH_FIELDS.client(c)),
  clientId: c.id,
  name: c.name,
  contactName: opt(c.contactName),
  email: opt(c.email),
  phone: opt(c.phone),
  address: opt(c.address),
  notes: opt(c.notes),
  notifyNoWork: c.notifyNoWork,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

export const crewFromItem = (i: CrewItem): StoredCrew => ({
  id: i.crewId,
  name: i.name,
  notes: orNull(i.notes),
  hourlyRateCents: i.hourlyRateCents ?? null,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
});
export const crewItem = (tenantId: string, c: StoredCrew) => ({
  tenantId,
  ...nameIndexed(c.name, c.id, SEARCH_FIELDS.crew(c)),
  crewId: c.id,
  name: c.name,
  notes: opt(c.notes),
  hourlyRateCents: c.hourlyRateCents ?? undefined,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});
