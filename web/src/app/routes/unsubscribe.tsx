import { QueryClientProvider } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useUnsubscribeView } from '../../features/email/api/unsubscribe';
import { UnsubscribeCard } from '../../features/email/components/unsubscribe-card';
import { queryClient } from '../../lib/query-client';
import { WorkerPageFrame } from '../layouts/worker-page-frame';

function Branded({ token }: { token: string | null }) {
  // The card reads the same query: one request, and the frame shows whose notices these are.
  const view = useUnsubscribeView(token);
  return (
    <WorkerPageFrame brand={view.data?.brand}>
      <UnsubscribeCard token={token} />
    </WorkerPageFrame>
  );
}

/**
 * `/unsubscribe?token=…`: public, no sign-in. The link from a notice lands here, outside the app
 * frame that provides the query client to signed-in pages, so it brings its own.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <QueryClientProvider client={queryClient}>
      <Branded token={params.get('token')} />
    </QueryClientProvider>
  );
}
