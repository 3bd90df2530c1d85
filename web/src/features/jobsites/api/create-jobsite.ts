import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Jobsite, JobsiteInput } from '../../../../../shared/records/jobsite';
import { api } from '../../../lib/api-client';

export function createJobsite(input: JobsiteInput): Promise<Jobsite> {
  return api<Jobsite>('/api/jobsites', { method: 'POST', body: input });
}

/** POST /api/jobsites (201 with the stored jobsite). */
export function useCreateJobsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJobsite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobsites'] }),
  });
}
