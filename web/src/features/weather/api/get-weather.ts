import { useQuery } from '@tanstack/react-query';
import type { OutlookResponse } from '../../../../../shared/weather/outlook';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

/** GET /api/weather: every active jobsite's coming days, judged by the same engine as the notices. */
export function useWeatherOutlook(days = 7) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['weather', user?.sub, days],
    queryFn: ({ signal }) => api<OutlookResponse>(`/api/weather?days=${days}`, { signal }),
    enabled: !!user,
    staleTime: 10 * 60_000,
  });
}
