import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Crew, CrewInput } from '../../../../../shared/records/crew';
import { api } from '../../../lib/api-client';

export function updateCrew({ id, input }: { id: string; input: CrewInput }): Promise<Crew> {
  return api<Crew>(`/api/crews/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

/** PUT /api/crews/{id} with the whole form (the server merges it over the stored crew). */
export function useUpdateCrew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCrew,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['crews'] }),
  });
}
