import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Worker, WorkerInput } from '../../../../../shared/records/worker';
import { api } from '../../../lib/api-client';

export function updateWorker({ id, input }: { id: string; input: WorkerInput }): Promise<Worker> {
  return api<Worker>(`/api/workers/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

/** PUT /api/workers/{id} with the whole form (the server merges it over the stored worker). */
export function useUpdateWorker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorker,
    onSuccess: () => {
      // A crew lists its members (`workerIds`, computed from the workers): they change with a worker.
      void queryClient.invalidateQueries({ queryKey: ['crews'] });
      return queryClient.invalidateQueries({ queryKey: ['workers'] });
    },
  });
}
