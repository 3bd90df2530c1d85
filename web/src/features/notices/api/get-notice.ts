import { useQuery } from '@tanstack/react-query';
import type { NoticeDetails } from '../../../../../shared/notice-details';
import { api } from '../../../lib/api-client';

/** GET /api/notices/{token} (public: no sign-in). A 404 (forged, expired) is final: no retry. */
export function useNoticeDetails(token: string) {
  return useQuery({
    queryKey: ['notice-details', token] as const,
    queryFn: ({ signal }) =>
      api<NoticeDetails>(`/api/notices/${encodeURIComponent(token)}`, { auth: false, signal }),
    enabled: token.length > 0,
    retry: false,
  });
}
