import { Box } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { UnsubscribeCard } from '../../features/email/components/unsubscribe-card';
import { queryClient } from '../../lib/query-client';

/**
 * `/unsubscribe?token=…`: public, no sign-in. The link from a notice lands here, outside the app
 * frame that provides the query client to signed-in pages, so it brings its own.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <QueryClientProvider client={queryClient}>
      <Box px="md" py="xl">
        <UnsubscribeCard token={params.get('token')} />
      </Box>
    </QueryClientProvider>
  );
}
