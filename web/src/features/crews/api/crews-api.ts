import type { Crew, CrewInput } from '../../../../../shared/records/crew';
import { recordApi, recordHooks } from '../../../lib/record-api';

/** GET, POST, PUT, DELETE /api/crews as hooks (lib/record-api.ts): `crewRecords.useList(…)`, `crewRecords.useCreate()` … */
export const crewRecords = recordHooks(recordApi<Crew, CrewInput>('crews'));
