import { Box, Burger, Button, Group, Text, useMatches } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { useAuth } from '../../lib/auth/auth-context';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { Brand } from './brand';
import { AccountLogo, useAccountLogo } from './account-logo';
import { HelpButton } from '../../features/support/components/help-button';

interface Props {
  navOpened?: boolean;
  /** Toggles the navbar on small screens; without it (no navbar, e.g. the 404 page) there is no menu button. */
  onToggleNav?: () => void;
  home: string;
  badge?: string;
}

/** WCAG 2.5.5: touch targets of at least 44 × 44 px on phones; the desktop sizes elsewhere. */
export const PHONE_TOUCH_TARGET_PX = 44;

/** Header of the signed-in and admin shells: menu button (small screens), brand, user, theme, sign out. */
export function ShellHeader({ navOpened = false, onToggleNav, home, badge }: Props) {
  const { user, signOut } = useAuth();
  const phone = useMatches({ base: true, sm: false });
  // Below 360 px the menu, the name, the theme toggle and "Sign out" at 44 px do not fit in one row:
  // the cloud alone stays the home link (its label says "Raincheck home").
  const narrow = useMediaQuery('(max-width: 359.98px)');
  const hasAccountLogo = useAccountLogo() !== null && !home.startsWith('/admin');

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
    <Group h="100%" px={phone ? 'xs' : 'md'} justify="space-between" wrap="nowrap">
      <Group gap={phone ? 4 : 'sm'} wrap="nowrap">
        {onToggleNav ? (
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom="sm"
            size="sm"
            w={PHONE_TOUCH_TARGET_PX}
            h={PHONE_TOUCH_TARGET_PX}
            // The lines (18 px) centred in the 44 px target; never squeezed by a long brand badge.
            p={(PHONE_TOUCH_TARGET_PX - 18) / 2}
            style={{ flexShrink: 0 }}
            aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          />
        ) : null}
        {/* The brand keeps its one line even with the larger phone touch targets beside it. */}
        <Box style={{ flexShrink: 0 }}>
          {/* On phones the account's logo takes the product name's place (the cloud stays the home link). */}
          <Brand to={home} compact={narrow || (phone && hasAccountLogo)} />
        </Box>
        {home.startsWith('/admin') || narrow ? null : <AccountLogo maxWidth={phone ? 96 : 120} />}
        {badge ? (
          <Text size="sm" c="dimmed" visibleFrom="xs">
            {badge}
          </Text>
        ) : null}
      </Group>
      <Group gap={phone ? 'xs' : 'sm'} wrap="nowrap">
        <Text size="sm" visibleFrom="sm" data-testid="signed-in-email" truncate maw={260}>
          {user?.email}
        </Text>
        {/* On phones the header has no room for it: Help is the navigation's Support entry there. */}
        {home.startsWith('/admin') || phone ? null : <HelpButton />}
        <ColorSchemeToggle size={phone ? PHONE_TOUCH_TARGET_PX : undefined} />
        <Button variant="default" onClick={onSignOut} h={phone ? PHONE_TOUCH_TARGET_PX : undefined}>
          Sign out
        </Button>
      </Group>
    </Group>
  );
}
