import type { Clock, IdGenerator } from '../runtime.ports';
import type { WorkerSmsDeps } from '../sms/worker-sms';
import type { RecordsStore } from './records.ports';

export interface RecordsDeps {
  records: RecordsStore;
  clock: Clock;
  ids: IdGenerator;
  /** The SMS channel (plan check, consent ask, `sms.status`); absent, workers read SMS off. */
  sms?: WorkerSmsDeps;
}
