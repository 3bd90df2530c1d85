import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobsiteLedger, LedgerEvidence } from '../../../../../shared/ledger';
import { api } from '../../../lib/api-client';
import { downloadText } from '../../../lib/download';
import { useAuth } from '../../../lib/auth/auth-context';
import { jobsiteRecords } from './jobsites-api';

export interface LedgerRange {
  from?: string;
  to?: string;
}

const ledgerPath = (id: string, range: LedgerRange, csv = false) => {
  const q = new URLSearchParams();
  if (range.from) q.set('from', range.from);
  if (range.to) q.set('to', range.to);
  const qs = q.toString();
  return `/api/jobsites/${encodeURIComponent(id)}/ledger${csv ? '.csv' : ''}${qs ? `?${qs}` : ''}`;
};

/** GET /api/jobsites/{id}/ledger: the last 90 days by default. */
export function useJobsiteLedger(id: string, range: LedgerRange = {}) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...jobsiteRecords.api.key(user?.sub), 'ledger', id, range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => api<JobsiteLedger>(ledgerPath(id, range), { signal }),
    enabled: !!user && !!id,
  });
}

/** GET /api/jobsites/{id}/ledger/{date}: one decided day's evidence. */
export function useLedgerEvidence(id: string, date: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...jobsiteRecords.api.key(user?.sub), 'ledger', id, 'day', date],
    queryFn: ({ signal }) =>
      api<LedgerEvidence>(`/api/jobsites/${encodeURIComponent(id)}/ledger/${encodeURIComponent(date)}`, {
        signal,
      }),
    enabled: !!user && !!id && !!date,
    retry: false,
  });
}

/** PUT /api/jobsites/{id}/ledger/{date}: the contractor's "worked" mark, with an optional note. */
export function useMarkLedgerDay(id: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ date, worked, note }: { date: string; worked: boolean; note: string }) =>
      api<{ date: string; worked: boolean; note: string | null }>(
        `/api/jobsites/${encodeURIComponent(id)}/ledger/${encodeURIComponent(date)}`,
        { method: 'PUT', body: { worked, note: note.trim() || null } },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...jobsiteRecords.api.key(user?.sub), 'ledger', id] }),
  });
}

/** GET /api/jobsites/{id}/ledger.csv with the token, handed to the browser as a file. */
export function useDownloadLedgerCsv(id: string, range: LedgerRange = {}) {
  return useMutation({
    mutationFn: async () => {
      const csv = await api<string>(ledgerPath(id, range, true), { responseType: 'text' });
      downloadText(
        `weather-ledger-${range.from ?? 'last-90-days'}${range.to ? `-to-${range.to}` : ''}.csv`,
        csv,
      );
    },
  });
}
