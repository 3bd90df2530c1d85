import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function deleteWorker(id: string): Promise<void> {
  return api<void>(`/api/workers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** DELETE /api/workers/{id}: 204. */
export function useDeleteWorker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorker,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ['workers'], predicate: (q) => q.queryKey.includes(id) });
      // A crew lists its members (`workerIds`, computed from the workers): they change with a worker.
      void queryClient.invalidateQueries({ queryKey: ['crews'] });
      return queryClient.invalidateQueries({ queryKey: ['workers'] });
    },
  });
}
