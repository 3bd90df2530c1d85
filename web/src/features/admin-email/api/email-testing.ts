import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminTestPreviewRequest, AdminTestSendRequest } from '../../../../../shared/email/admin-test';
import type { RenderedEmail } from '../../../../../shared/email/template';
import { api } from '../../../lib/api-client';

export interface AdminTestSent {
  to: string;
  subject: string;
  messageId: string;
}

/** POST /api/admin/email-testing/preview: the message `send` would send, rendered on the server. */
export function useAdminTestPreview(request: AdminTestPreviewRequest | null) {
  return useQuery({
    queryKey: ['admin-email-testing', 'preview', request] as const,
    queryFn: ({ signal }) =>
      api<RenderedEmail>('/api/admin/email-testing/preview', { method: 'POST', body: request, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/admin/email-testing/send: through the real SES path; answers the SES message id. */
export function useAdminTestSend() {
  return useMutation({
    mutationFn: (request: AdminTestSendRequest) =>
      api<AdminTestSent>('/api/admin/email-testing/send', { method: 'POST', body: request }),
  });
}
