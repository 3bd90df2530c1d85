import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmailTemplate,
  EmailTemplateInput,
  RenderedEmail,
  TestEmailRequest,
} from '../../../../../shared/email/template';
import type { ListResponse } from '../../../../../shared/records';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useSignedInQuery } from '../../../lib/signed-in-query';

export const emailTemplatesQueryKey = (sub: string | undefined) => ['email-templates', sub] as const;

/** GET /api/email-templates: the account's templates (at most a few dozen: one page is all of them). */
export function getEmailTemplates(signal?: AbortSignal): Promise<ListResponse<EmailTemplate>> {
  return api<ListResponse<EmailTemplate>>('/api/email-templates?limit=200&sort=name', { signal });
}

export function useEmailTemplates() {
  return useSignedInQuery(emailTemplatesQueryKey, getEmailTemplates);
}

function useInvalidateTemplates() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey(user?.sub) });
}

/** POST /api/email-templates. */
export function useCreateEmailTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (input: EmailTemplateInput) =>
      api<EmailTemplate>('/api/email-templates', { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

/** PUT /api/email-templates/{id}. */
export function useUpdateEmailTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Partial<EmailTemplateInput> }) =>
      api<EmailTemplate>(`/api/email-templates/${encodeURIComponent(id)}`, { method: 'PUT', body: patch }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/email-templates/{id}. */
export function useDeleteEmailTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/email-templates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export interface TestEmailResult {
  to: string;
  messageId: string;
  subject: string;
}

/** POST /api/email/test: a template rendered with sample data, to the caller's own verified address. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (request: TestEmailRequest) =>
      api<TestEmailResult>('/api/email/test', { method: 'POST', body: request }),
  });
}

export type { RenderedEmail };
