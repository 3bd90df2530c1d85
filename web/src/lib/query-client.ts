import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** One client for the signed-in and admin areas; cleared on sign-out so no data outlives the session. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx (not signed in, forbidden, not found) cannot help.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
