import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HolidayCalendarView, HolidayCountry } from '../../../../../shared/holidays';
import type { HolidayCalendarInput } from '../../../../../shared/holidays-schema';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

const holidaysKey = (sub: string | undefined, year: number) => ['holidays', sub, year] as const;

/** GET /api/holidays?year=: the account's calendar (the US default until one is saved). */
export function useHolidays(year: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: holidaysKey(user?.sub, year),
    queryFn: ({ signal }) => api<HolidayCalendarView>(`/api/holidays?year=${year}`, { signal }),
    enabled: !!user,
  });
}

/** GET /api/holidays/countries: the presets' countries and regions; they change only with a release. */
export function useHolidayCountries() {
  return useQuery({
    queryKey: ['holiday-countries'],
    queryFn: ({ signal }) => api<{ countries: HolidayCountry[] }>('/api/holidays/countries', { signal }),
    staleTime: Infinity,
  });
}

/** PUT /api/holidays; the calendar's cached years are read again (and the weather screen's labels). */
export function useSaveHolidays() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HolidayCalendarInput) =>
      api<HolidayCalendarView>('/api/holidays', { method: 'PUT', body: input }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['holidays'] });
      void client.invalidateQueries({ queryKey: ['weather'] });
    },
  });
}
