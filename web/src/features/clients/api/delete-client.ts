import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function deleteClient(id: string): Promise<void> {
  return api<void>(`/api/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** DELETE /api/clients/{id}: 204, or 409 naming the jobsites that still use the client. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ['clients'], predicate: (q) => q.queryKey.includes(id) });
      return queryClient.invalidateQueries({ queryKey: ['clients'] });
    },
  });
}
