import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

export interface NoticeCounts {
  notice: number;
  update: number;
  allClear: number;
}

export interface DeliveryFigures {
  sent: NoticeCounts;
  attempted: number;
  delivered: number;
  deliveryRate: number;
}

export interface MonthFigures {
  month: string;
  delayDays: number;
  hoursLost: number;
}

export interface Analytics {
  from: string;
  to: string;
  plan: 'none' | 'basic' | 'premium' | 'enterprise';
  advancedAnalytics: boolean;
  months: (MonthFigures & DeliveryFigures)[];
  jobsites: {
    id: string;
    name: string;
    clientId: string | null;
    months: MonthFigures[];
    delayDays: number;
    hoursLost: number;
  }[];
  totals: { delayDays: number; hoursLost: number } & DeliveryFigures;
}

export interface AdvancedAnalytics {
  from: string;
  to: string;
  jobsites: {
    id: string;
    name: string;
    clientId: string | null;
    hoursLost: number;
    hourlyCostCents: number;
    costCents: number;
    crewWorkers: number;
    crewsWithoutRate: number;
  }[];
  clients: {
    clientId: string | null;
    name: string;
    jobsites: number;
    delayDays: number;
    hoursLost: number;
    costCents: number;
  }[];
  totals: { costCents: number };
}

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
    queryFn: ({ signal }) => api<Analytics>(`/api/analytics${query(range)}`, { signal }),
    enabled: !!user,
  });
}

/** GET /api/analytics/advanced: only asked for when the plan includes it (403 otherwise). */
export function useAdvancedAnalytics(range: MonthRange, enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['analytics', user?.sub, 'advanced', range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => api<AdvancedAnalytics>(`/api/analytics/advanced${query(range)}`, { signal }),
    enabled: !!user && enabled,
    retry: false,
  });
}
