import { useQuery } from '@tanstack/react-query';
import type { NoticeTime } from '../../../../../shared/notice-slots';
import { api } from '../../../lib/api-client';

/** GET /api/settings/notice-defaults: the notice times the admins chose for new jobsites. */
export function useNoticeDefaults() {
  return useQuery({
    queryKey: ['settings', 'notice-defaults'],
    queryFn: ({ signal }) => api<{ noticeTimes: NoticeTime[] }>('/api/settings/notice-defaults', { signal }),
    retry: 1,
    staleTime: 5 * 60_000,
  });
}
