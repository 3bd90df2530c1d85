import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientInput } from '../../../../../shared/records/client';
import { api } from '../../../lib/api-client';

export function createClient(input: ClientInput): Promise<Client> {
  return api<Client>('/api/clients', { method: 'POST', body: input });
}

/** POST /api/clients (201 with the stored client). */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clients'] }),
  });
}
