import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Jobsite, JobsiteInput } from '../../../../../shared/records/jobsite';
import { api } from '../../../lib/api-client';

export function updateJobsite({ id, input }: { id: string; input: JobsiteInput }): Promise<Jobsite> {
  return api<Jobsite>(`/api/jobsites/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

/** PUT /api/jobsites/{id} with the whole form (the server merges it over the stored jobsite). */
export function useUpdateJobsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJobsite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobsites'] }),
  });
}
