import { QueryClientProvider } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { CONFIRMATION_ANSWERS, type ConfirmationAnswer } from '../../../../shared/confirmations';
import { useConfirmationView } from '../../features/confirmations/api/confirmations-api';
import { ConfirmationCard } from '../../features/confirmations/components/confirmation-card';
import { queryClient } from '../../lib/query-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { WorkerPageFrame } from '../layouts/worker-page-frame';

function Branded({ token, suggested }: { token: string; suggested: ConfirmationAnswer | null }) {
  // The card reads the same query: one request, and the frame shows whose crew this is.
  const view = useConfirmationView(token);
  return (
    <WorkerPageFrame brand={view.data?.brand}>
      <ConfirmationCard token={token} suggested={suggested} />
    </WorkerPageFrame>
  );
}

/**
 * `/c/{token}?answer=…`: a foreman's confirmation link, public (no sign-in: the signed token is the
 * authority). Outside the app frame, so it brings its own query client, as the unsubscribe page does.
 */
export function ConfirmPage() {
  const token = useParams().token ?? '';
  const [params] = useSearchParams();
  const asked = params.get('answer');
  const suggested = (CONFIRMATION_ANSWERS as readonly string[]).includes(asked ?? '')
    ? (asked as ConfirmationAnswer)
    : null;
  useDocumentTitle('Confirm the crew');
  return (
    <QueryClientProvider client={queryClient}>
      <Branded token={token} suggested={suggested} />
    </QueryClientProvider>
  );
}
