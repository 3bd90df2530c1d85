import type { EntityItem } from 'electrodb';
import type { Worker } from '../../../shared/records';
import type { RaincheckService } from './service';
import { orNull } from './record-repo';

type WorkerItem = EntityItem<RaincheckService['entities']['worker']>;

/** What `workerFromItem` reads: a list reads only these, not the index keys and search fields. */
export const WORKER_FIELDS = [
  'workerId',
  'name',
  'email',
  'phone',
  'trade',
  'crewIds',
  'isManager',
  'smsOptIn',
  'status',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof WorkerItem)[];

export const workerFromItem = (i: Pick<WorkerItem, (typeof WORKER_FIELDS)[number]>): Worker => ({
  id: i.workerId,
  name: i.name,
  email: i.email,
  phone: orNull(i.phone),
  trade: orNull(i.trade),
  crewIds: i.crewIds ?? [],
  isManager: i.isManager,
  smsOptIn: i.smsOptIn ?? false,
  status: i.status,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
});
