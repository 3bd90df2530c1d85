import type { UnitSystem } from '../../../../../shared/account';
import { useMe } from '../../../features/account/api/get-me';
import { clientRecords } from '../../../features/clients/api/clients-api';
import { crewRecords } from '../../../features/crews/api/crews-api';
import { workerRecords } from '../../../features/workers/api/workers-api';
import { useNoticeDefaults } from '../../../features/jobsites/api/get-notice-defaults';

/** What the jobsite form chooses from (clients, workers, crews) and the account's units, composed here. */
export function useJobsiteFormData() {
  const me = useMe();
  const clients = clientRecords.useAll();
  const workers = workerRecords.useAll();
  const crews = crewRecords.useAll();
  const noticeDefaults = useNoticeDefaults();
  const units: UnitSystem = me.data?.profile.units ?? 'us';
  const clientOptions = (clients.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const workerOptions = (workers.data ?? []).map((w) => ({
    value: w.id,
    label: w.status === 'active' ? w.name : `${w.name} (${w.status})`,
  }));
  const crewOptions = (crews.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  /** The jobsite form warns which notice times quiet hours would hold. */
  const quietHours = me.data?.profile.quietHours ?? null;
  const named = (list: { id: string; name: string }[] | undefined) =>
    (list ?? []).map((x) => ({ id: x.id, name: x.name }));
  return {
    units,
    quietHours,
    // Without the admins' notice times (a failed read), a new jobsite starts with DESIGN §7's.
    ready: !me.isPending && !noticeDefaults.isPending,
    noticeDefaults: noticeDefaults.data?.noticeTimes,
    clients: named(clients.data),
    workers: named(workers.data),
    crews: named(crews.data),
    clientOptions,
    workerOptions,
    crewOptions,
    /** What every jobsite form is given, spread into it: `<JobsiteForm {...data.formProps} …>`. */
    formProps: { units, quietHours, clientOptions, workerOptions, crewOptions },
    me,
  };
}
