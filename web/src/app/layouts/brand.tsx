import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LineIcon } from '../../components/line-icon';

function CloudIcon() {
  return (
    <LineIcon size={26}>
      <path d="M17.5 19a4.5 4.5 0 1 0-1.4-8.8A6 6 0 0 0 4.3 12.5 3.5 3.5 0 0 0 6.5 19z" />
      <path d="M8 21l1-2M12 21l1-2M16 21l1-2" />
    </LineIcon>
  );
}

/** The product name, linking home (or to `to`); `compact` keeps the cloud alone, for the narrowest phones. */
export function Brand({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="Raincheck home">
      <Group gap={6} c="blue">
        <CloudIcon />
        {compact ? null : (
          <Text fw={800} fz="lg" c="var(--mantine-color-text)">
            Raincheck
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
