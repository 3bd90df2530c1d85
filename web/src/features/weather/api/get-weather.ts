import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { OUTLOOK_LIMIT_MAX, type OutlookResponse } from '../../../../../shared/weather/outlook';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { fetchAllPages, listPath, type ListParams } from '../../../lib/list-query';

/** Jobsites per page on /weather: each brings a week of hourly charts, heavy on a phone. */
export const WEATHER_PAGE_SIZE = 10;

/** Pages the jobsites screen reads at most for its map and Today column (2,000 jobsites). */
const MAX_OUTLOOK_PAGES = 20;

/** `/api/weather?limit=&cursor=&q=` as every list asks, with the outlook's `days`. */
function outlookPath(days: number, page: ListParams): string {
  const path = listPath('/api/weather', page);
  return `${path}${path.includes('?') ? '&' : '?'}days=${days}`;
}

/** GET /api/weather: the first page of active jobsites (in name order) with their coming days. */
export function useWeatherOutlook(days = 7, limit?: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['weather', user?.sub, days, 'first', limit ?? null],
    queryFn: ({ signal }) => api<OutlookResponse>(outlookPath(days, { limit }), { signal }),
    enabled: !!user,
    staleTime: 10 * 60_000,
  });
}

/** GET /api/weather, a page at a time with search ("Show more" follows `nextCursor`): /weather. */
export function useWeatherOutlookPages(days: number, q: string) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: ['weather', user?.sub, days, 'pages', q],
    queryFn: ({ pageParam, signal }) =>
      api<OutlookResponse>(outlookPath(days, { q, limit: WEATHER_PAGE_SIZE, cursor: pageParam }), {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: !!user,
    staleTime: 10 * 60_000,
  });
}

/** GET /api/weather, every page: the jobsites screen colours every pin of its map. */
export function useWeatherOutlookAll(days: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['weather', user?.sub, days, 'all'],
    queryFn: async ({ signal }): Promise<OutlookResponse> => {
      let units: OutlookResponse['units'] = 'us';
      const items = await fetchAllPages(async (cursor) => {
        const page = await api<OutlookResponse>(outlookPath(days, { limit: OUTLOOK_LIMIT_MAX, cursor }), {
          signal,
        });
        units = page.units;
        return page;
      }, MAX_OUTLOOK_PAGES);
      return { units, items, nextCursor: null };
    },
    enabled: !!user,
    staleTime: 10 * 60_000,
  });
}
