import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReportSchedule,
  ReportScheduleInput,
  ReportSendRecord,
} from '../../../../../shared/report-schedules';
import type { ReportDefinition } from '../../../../../shared/reports';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

const path = (id: string) => `/api/reports/${encodeURIComponent(id)}`;

/** GET /api/reports/{id}: one saved definition. */
export function useReport(id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['reports', user?.sub, id],
    queryFn: ({ signal }) => api<ReportDefinition>(path(id), { signal }),
    enabled: !!user && !!id,
    retry: false,
  });
}

/** GET /api/reports/{id}/schedule: the schedule (null when none) and the send history, newest first. */
export function useReportSchedule(id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['reports', user?.sub, id, 'schedule'],
    queryFn: ({ signal }) =>
      api<{ schedule: ReportSchedule | null; sends: ReportSendRecord[] }>(`${path(id)}/schedule`, { signal }),
    enabled: !!user && !!id,
    retry: false,
  });
}

/** PUT /api/reports/{id}/schedule: replaces the one schedule, so a repeated save changes nothing more. */
export function useSaveReportSchedule(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportScheduleInput) =>
      api<ReportSchedule>(`${path(id)}/schedule`, { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reports'] }),
  });
}

/** DELETE /api/reports/{id}/schedule: no more emails; the history and its documents stay. */
export function useStopReportSchedule(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`${path(id)}/schedule`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reports'] }),
  });
}

/** GET /api/reports/{id}/documents/{period}: a kept document (410 with a clear message after 90 days). */
export const fetchSentDocument = (id: string, periodKey: string) =>
  api<Blob>(`${path(id)}/documents/${encodeURIComponent(periodKey)}`, { responseType: 'blob' });
