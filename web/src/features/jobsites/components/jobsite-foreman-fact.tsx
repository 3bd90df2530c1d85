import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DEFAULT_ESCALATION_MINUTES } from '../../../../../shared/confirmations';
import { Fact } from '../../../components/records/fact';

/** "Foreman: Ana Ruiz, confirms each delay notice; managers told after 30 min without an answer." */
export function ForemanFact({
  foreman,
  escalationMinutes,
}: {
  foreman: { id: string; name: string } | null;
  escalationMinutes: number | undefined;
}) {
  return (
    <Fact
      label="Foreman"
      value={
        foreman ? (
          <Text size="sm" component="span">
            <Anchor component={Link} to={`/workers/${foreman.id}`} size="sm">
              {foreman.name}
            </Anchor>{' '}
            confirms each delay notice; managers are told after{' '}
            {escalationMinutes ?? DEFAULT_ESCALATION_MINUTES} min without an answer.
          </Text>
        ) : (
          'None: delay notices ask nobody to confirm'
        )
      }
    />
  );
}
