import type { Client, Crew, Jobsite, Worker } from '../../../shared/records';
import type { TenantId } from '../caller';

/** A stored record of a tenant: the server chooses `id`; `updatedAt` guards concurrent updates. */
export interface StoredRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** Every method is scoped to one tenant; a record of another tenant is simply not there. */
export interface RecordRepo<T extends StoredRecord> {
  list(tenant: TenantId): Promise<T[]>;
  get(tenant: TenantId, id: string): Promise<T | null>;
  /** Writes a new record; throws if the id is taken. */
  create(tenant: TenantId, record: T): Promise<void>;
  /** Writes only if the stored record still has `expectedUpdatedAt`; false when it changed or is gone. */
  replace(tenant: TenantId, record: T, expectedUpdatedAt: string): Promise<boolean>;
  remove(tenant: TenantId, id: string): Promise<void>;
}

/** A crew as stored: its members are the workers whose `crewIds` name it. */
export type StoredCrew = Omit<Crew, 'workerIds'>;

export interface WorkerRepo extends RecordRepo<Worker> {
  /** Writes the workers and the crews they bring, all of them or none. */
  createMany(tenant: TenantId, workers: Worker[], crews: StoredCrew[]): Promise<void>;
}

export interface RecordsStore {
  clients: RecordRepo<Client>;
  crews: RecordRepo<StoredCrew>;
  workers: WorkerRepo;
  jobsites: RecordRepo<Jobsite>;
}
