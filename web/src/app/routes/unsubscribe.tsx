import { Box } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { UnsubscribeCard } from '../../features/email/components/unsubscribe-card';

/** `/unsubscribe?token=…`: public, no sign-in. The link from a notice lands here. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <Box px="md" py="xl">
      <UnsubscribeCard token={params.get('token')} />
    </Box>
  );
}
