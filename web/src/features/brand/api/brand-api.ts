import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Brand, BrandInput, LogoContentType, PresignedUpload } from '../../../../../shared/brand';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

/** GET /api/account/brand: only asked when the account's plan has white-labelling (others get 403). */
export function useBrand(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['brand', user?.sub] as const,
    queryFn: ({ signal }) => api<Brand>('/api/account/brand', { signal }),
    enabled: !!user && enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** PUT /api/account/brand: the same body twice writes the same brand. */
export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<BrandInput, 'logoKey'> & { logoKey?: string }) =>
      api<Brand>('/api/account/brand', { method: 'PUT', body: input }),
    onSuccess: (brand) => {
      queryClient.setQueriesData({ queryKey: ['brand'] }, brand);
    },
  });
}

/** POST /api/account/brand/logo-upload: a presigned POST for one file of this type. */
export function requestLogoUpload(contentType: LogoContentType, signal?: AbortSignal) {
  return api<PresignedUpload>('/api/account/brand/logo-upload', {
    method: 'POST',
    body: { contentType },
    signal,
  });
}
