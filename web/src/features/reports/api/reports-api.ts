import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportData } from '../../../../../shared/report-data';
import type { ReportDefinition, ReportInput } from '../../../../../shared/reports';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

/** GET /api/reports: the account's saved reports (403 naming the plan without customReports). */
export function useReports() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['reports', user?.sub],
    queryFn: ({ signal }) => api<{ reports: ReportDefinition[] }>('/api/reports', { signal }),
    enabled: !!user,
    retry: false,
  });
}

/** POST /api/reports/preview: the figures of the definition being edited (the live preview). */
export function useReportPreview(definition: ReportInput | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['reports', user?.sub, 'preview', JSON.stringify(definition)],
    queryFn: ({ signal }) =>
      api<ReportData>('/api/reports/preview', { method: 'POST', body: definition, signal }),
    enabled: !!user && definition !== null,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

/** POST /api/reports (the idempotency key makes a repeated submit save once). */
export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { input: ReportInput; idempotencyKey: string }) =>
      api<{ id: string }>('/api/reports', {
        method: 'POST',
        body: v.input,
        idempotencyKey: v.idempotencyKey,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reports'] }),
  });
}

/** GET /api/reports/{id}/pdf or …/csv.zip as a file. */
export const fetchReportFile = (id: string, kind: 'pdf' | 'csv.zip') =>
  api<Blob>(`/api/reports/${encodeURIComponent(id)}/${kind}`, { responseType: 'blob' });
