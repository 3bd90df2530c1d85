import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useAuth } from './auth/auth-context';

/**
 * A read of the signed-in person's data: keyed by their `sub` (another login never sees it from the
 * cache), and not sent at all while nobody is signed in.
 */
export function useSignedInQuery<T>(
  key: (sub: string | undefined) => QueryKey,
  read: (signal: AbortSignal) => Promise<T>,
) {
  const { user } = useAuth();
  return useQuery({
    queryKey: key(user?.sub),
    queryFn: ({ signal }) => read(signal),
    enabled: !!user,
  });
}
