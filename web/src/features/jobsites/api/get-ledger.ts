import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayJudgement, Verdict } from '../../../../../shared/weather/engine';
import type { Rule } from '../../../../../shared/weather/rule';
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

export interface LedgerDay {
  date: string;
  verdict: Verdict;
  hoursLost: number;
  reasons: string[];
  worked: boolean | null;
  note: string | null;
  decidedAt: string;
  /** Messages sent about the day. */
  notified?: number;
  /** Counts as a delay day (docs/metrics.md). */
  delayDay: boolean;
  /** One of the month's delay days past its anticipated allowance. */
  beyondAllowance: boolean;
}

export interface JobsiteLedger {
  jobsite: { id: string; name: string; timezone: string };
  from: string;
  to: string;
  days: LedgerDay[];
  months: LedgerMonth[];
  totals: { delayDays: number; hoursLost: number; beyondAllowance: number };
}

export interface LedgerRange {
  from?: string;
  to?: string;
}

export interface LedgerEvidence {
  jobsite: {
    id: string;
    name: string;
    address: string | null;
    timezone: string;
    workingHours: { start: string; end: string };
  };
  client: { id: string; name: string } | null;
  date: string;
  verdict: Verdict;
  hoursLost: number;
  delayDay: boolean;
  beyondAllowance: boolean;
  month: { month: string; delayDays: number; anticipated: number; beyondAllowance: number };
  worked: boolean | null;
  note: string | null;
  markedAt: string | null;
  decidedAt: string;
  judgement: DayJudgement | null;
  rules: Rule[];
  forecast: {
    source: string;
    scenario: string | null;
    hours: string[];
    values: Record<string, (number | null)[]>;
  } | null;
  messages: {
    recipient: string;
    recipientName: string;
    audience: 'worker' | 'manager' | 'client';
    kind: 'notice' | 'update' | 'allClear';
    verdict: Verdict;
    status: 'PENDING' | 'SENT' | 'FAILED';
    claimedAt: string;
    sentAt: string | null;
  }[];
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
    queryKey: [...jobsitesKey(user?.sub), 'ledger', id, range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => api<JobsiteLedger>(ledgerPath(id, range), { signal }),
    enabled: !!user && !!id,
  });
}

/** GET /api/jobsites/{id}/ledger/{date}: one decided day's evidence. */
export function useLedgerEvidence(id: string, date: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...jobsitesKey(user?.sub), 'ledger', id, 'day', date],
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...jobsitesKey(user?.sub), 'ledger', id] }),
  });
}

/** GET /api/jobsites/{id}/ledger.csv with the token, handed to the browser as a file. */
export function useDownloadLedgerCsv(id: string, range: LedgerRange = {}) {
  return useMutation({
    mutationFn: async () => {
      const csv = await api<string>(ledgerPath(id, range, true), { responseType: 'text' });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `weather-ledger-${range.from ?? 'last-90-days'}${range.to ? `-to-${range.to}` : ''}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
