import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { OUTLOOK_LIMIT_MAX, type OutlookResponse } from '../../../../../shared/weather/outlook';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

/** Jobsites per page on /weather: each brings a week of hourly charts, heavy on a phone. */
export const WEATHER_PAGE_SIZE = 10;

/** Pages the jobsites screen reads at most for its map and Today column (2,000 jobsites). */
const MAX_OUTLOOK_PAGES = 20;

function outlookPath(days: number, page: { limit?: number; cursor?: string; q?: string }): string {
  const search = new URLSearchParams({ days: String(days) });
  if (page.limit) search.set('limit', String(page.limit));
  if (page.cursor) search.set('cursor', page.cursor);
  if (page.q?.trim()) search.set('q', page.q.trim());
  return `/api/weather?${search.toString()}`;
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
      const first = await api<OutlookResponse>(outlookPath(days, { limit: OUTLOOK_LIMIT_MAX }), { signal });
      const items = [...first.items];
      let cursor = first.nextCursor;
      for (let page = 1; cursor && page < MAX_OUTLOOK_PAGES; page++) {
        const next = await api<OutlookResponse>(outlookPath(days, { limit: OUTLOOK_LIMIT_MAX, cursor }), {
          signal,
        });
        items.push(...next.items);
        cursor = next.nextCursor;
      }
      return { units: first.units, items, nextCursor: null };
    },
    enabled: !!user,
    staleTime: 10 * 60_000,
  });
}
