import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Worker, WorkerInput } from '../../../../../shared/records/worker';
import { api } from '../../../lib/api-client';

export function createWorker(input: WorkerInput): Promise<Worker> {
  return api<Worker>('/api/workers', { method: 'POST', body: input });
}

/** POST /api/workers (201 with the stored worker). */
export function useCreateWorker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorker,
    onSuccess: () => {
      // A crew lists its members (`workerIds`, computed from the workers): they change with a worker.
      void queryClient.invalidateQueries({ queryKey: ['crews'] });
      return queryClient.invalidateQueries({ queryKey: ['workers'] });
    },
  });
}
