import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function deleteJobsite(id: string): Promise<void> {
  return api<void>(`/api/jobsites/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** DELETE /api/jobsites/{id}: 204. */
export function useDeleteJobsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJobsite,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ['jobsites'], predicate: (q) => q.queryKey.includes(id) });
      return queryClient.invalidateQueries({ queryKey: ['jobsites'] });
    },
  });
}
