import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientInput } from '../../../../../shared/records/client';
import { api } from '../../../lib/api-client';

export function updateClient({ id, input }: { id: string; input: ClientInput }): Promise<Client> {
  return api<Client>(`/api/clients/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

/** PUT /api/clients/{id} with the whole form (the server merges it over the stored client). */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clients'] }),
  });
}
