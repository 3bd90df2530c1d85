import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { LineIcon } from './line-icon';

function SunIcon() {
  return (
    <LineIcon size={18} className="mantine-light-hidden">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </LineIcon>
  );
}

function MoonIcon() {
  return (
    <LineIcon size={18} className="mantine-dark-hidden">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </LineIcon>
  );
}

/**
 * Switches between light and dark and stores the choice (Settings offers "System" to follow the OS again).
 * A native `title` rather than Mantine's Tooltip: the Tooltip brings floating-ui (~18 KB gzipped) into
 * every page that shows this button, the landing page included.
 */
export function ColorSchemeToggle({ size = 'lg' }: { size?: 'lg' | number }) {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const mounted = useMounted();
  const next = mounted && computed === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} mode`;
  return (
    <ActionIcon
      variant="default"
      size={size}
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
    >
      <SunIcon />
      <MoonIcon />
    </ActionIcon>
  );
}
