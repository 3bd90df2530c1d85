import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { jobsitesKey } from './get-jobsites';

export interface LedgerMonth {
  month: string;
  delayDays: number;
  hoursLost: number;
  anticipated: number;
  beyondAllowance: number;
}

export interface JobsiteLedger {
  jobsite: { id: string; name: string; timezone: string };
  from: string;
  to: string;
  days: {
    date: string;
    verdict: 'none' | 'partial' | 'full';
    hoursLost: number;
    reasons: string[];
    worked: boolean | null;
    note: string | null;
    decidedAt: string;
    /** Messages sent about the day. */
    notified?: number;
  }[];
  months: LedgerMonth[];
  totals: { delayDays: number; hoursLost: number; beyondAllowance: number };
}

const ledgerPath = (id: string, csv = false) =>
  `/api/jobsites/${encodeURIComponent(id)}/ledger${csv ? '.csv' : ''}`;

/** GET /api/jobsites/{id}/ledger: the last 90 days by default. */
export function useJobsiteLedger(id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...jobsitesKey(user?.sub), 'ledger', id],
    queryFn: ({ signal }) => api<JobsiteLedger>(ledgerPath(id), { signal }),
    enabled: !!user && !!id,
  });
}

/** GET /api/jobsites/{id}/ledger.csv with the token, handed to the browser as a file. */
export function useDownloadLedgerCsv(id: string) {
  return useMutation({
    mutationFn: async () => {
      const csv = await api<string>(ledgerPath(id, true), { responseType: 'text' });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `weather-ledger-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
