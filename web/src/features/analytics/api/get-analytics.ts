import { useQuery } from '@tanstack/react-query';
import type { AdvancedAnalyticsAnswer, AnalyticsAnswer } from '../../../../../shared/analytics';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

export interface MonthRange {
  from?: string;
  to?: string;
}

const query = (range: MonthRange) => {
  const q = new URLSearchParams();
  if (range.from) q.set('from', range.from);
  if (range.to) q.set('to', range.to);
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** GET /api/analytics: the last 6 months by default. */
export function useAnalytics(range: MonthRange) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['analytics', user?.sub, range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => api<AnalyticsAnswer>(`/api/analytics${query(range)}`, { signal }),
    enabled: !!user,
  });
}

/** GET /api/analytics/advanced: only asked for when the plan includes it (403 otherwise). */
export function useAdvancedAnalytics(range: MonthRange, enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['analytics', user?.sub, 'advanced', range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) =>
      api<AdvancedAnalyticsAnswer>(`/api/analytics/advanced${query(range)}`, { signal }),
    enabled: !!user && enabled,
    retry: false,
  });
}
