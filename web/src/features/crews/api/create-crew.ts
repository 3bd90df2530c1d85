import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Crew, CrewInput } from '../../../../../shared/records/crew';
import { api } from '../../../lib/api-client';

export function createCrew(input: CrewInput): Promise<Crew> {
  return api<Crew>('/api/crews', { method: 'POST', body: input });
}

/** POST /api/crews (201 with the stored crew). */
export function useCreateCrew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCrew,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['crews'] }),
  });
}
