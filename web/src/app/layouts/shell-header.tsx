import { Burger, Button, Group, Text } from '@mantine/core';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { useAuth } from '../../lib/auth/auth-context';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { Brand } from './brand';

interface Props {
  navOpened: boolean;
  onToggleNav: () => void;
  home: string;
  badge?: string;
}

/** Header of the signed-in and admin shells: menu button (small screens), brand, user, theme, sign out. */
export function ShellHeader({ navOpened, onToggleNav, home, badge }: Props) {
  const { user, signOut } = useAuth();

  // Once signed out, the route guard sends the user to the landing page.
  const onSignOut = async () => {
    try {
      await signOut();
    } catch {
      toast.error('Signing out failed. Close the browser to end the session.');
    } finally {
      queryClient.clear();
    }
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Brand to={home} />
        {badge ? (
          <Text size="sm" c="dimmed" visibleFrom="xs">
            {badge}
          </Text>
        ) : null}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" visibleFrom="sm" data-testid="signed-in-email" truncate maw={260}>
          {user?.email}
        </Text>
        <ColorSchemeToggle />
        <Button variant="default" onClick={onSignOut}>
          Sign out
        </Button>
      </Group>
    </Group>
  );
}
