import type { Clock, IdGenerator } from '../runtime.ports';
import type { RecordsStore } from './records.ports';

export interface RecordsDeps {
  records: RecordsStore;
  clock: Clock;
  ids: IdGenerator;
}
