import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function deleteCrew(id: string): Promise<void> {
  return api<void>(`/api/crews/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** DELETE /api/crews/{id}: 204, or 409 naming the workers or jobsites that still use the crew. */
export function useDeleteCrew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCrew,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ['crews'], predicate: (q) => q.queryKey.includes(id) });
      return queryClient.invalidateQueries({ queryKey: ['crews'] });
    },
  });
}
