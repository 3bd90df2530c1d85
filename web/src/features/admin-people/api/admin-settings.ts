import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, AdminSettingsInput } from '../../../../../shared/admin';
import { api } from '../../../lib/api-client';

export const ADMIN_SETTINGS_KEY = ['admin', 'settings'] as const;

export function useAdminSettings() {
  return useQuery({
    queryKey: ADMIN_SETTINGS_KEY,
    queryFn: ({ signal }) => api<AdminSettings>('/api/admin/settings', { signal }),
  });
}

/** PUT /api/admin/settings; a 400 names the field (shown under it by the form). */
export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminSettingsInput) =>
      api<AdminSettings>('/api/admin/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(ADMIN_SETTINGS_KEY, saved),
  });
}
