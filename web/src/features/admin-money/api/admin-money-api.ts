import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminInvoiceRow,
  AdminMetrics,
  AdminSubscriptionRow,
  EmailHealth,
  InvoiceState,
  Page,
  ReportName,
  RevenueSeries,
} from '../../../../../shared/admin-money';
import type { PlanId } from '../../../../../shared/plans';
import type { SubscriptionStatus } from '../../../../../shared/subscription';
import { api } from '../../../lib/api-client';

const KEY = ['admin', 'money'] as const;

export function useAdminMetrics() {
  return useQuery({
    queryKey: [...KEY, 'metrics'],
    queryFn: ({ signal }) => api<AdminMetrics>('/api/admin/metrics', { signal }),
  });
}

export function useRevenueSeries() {
  return useQuery({
    queryKey: [...KEY, 'revenue'],
    queryFn: ({ signal }) => api<RevenueSeries>('/api/admin/revenue', { signal }),
  });
}

export function useEmailHealth() {
  return useQuery({
    queryKey: [...KEY, 'email-health'],
    queryFn: ({ signal }) => api<EmailHealth>('/api/admin/email-health', { signal }),
  });
}

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export interface SubscriptionFilters {
  plan?: PlanId;
  status?: SubscriptionStatus;
  page: number;
}

/** One page (20 rows) of an admin table under its filters; the last page stays shown while the next loads. */
function useAdminPage<Row>(table: 'subscriptions' | 'invoices', filters: { page: number }) {
  return useQuery({
    queryKey: [...KEY, table, filters],
    queryFn: ({ signal }) =>
      api<Page<Row>>(`/api/admin/${table}?${query({ ...filters, pageSize: 20 })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminSubscriptions(filters: SubscriptionFilters) {
  return useAdminPage<AdminSubscriptionRow>('subscriptions', filters);
}

export interface InvoiceFilters {
  state?: InvoiceState;
  page: number;
}

export function useAdminInvoices(filters: InvoiceFilters) {
  return useAdminPage<AdminInvoiceRow>('invoices', filters);
}

/** `GET /api/admin/reports/{name}.csv` with the token, handed to the browser as a file. */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async (name: ReportName) => {
      const csv = await api<string>(`/api/admin/reports/${name}.csv`, { responseType: 'text' });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `raincheck-${name}-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
