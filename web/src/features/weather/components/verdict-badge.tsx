import { Badge } from '@mantine/core';
import type { Verdict } from '../../../../../shared/weather/engine';

/** A verdict's words and colour, the same on the dashboard, /weather and their badges. */
export const VERDICT_LOOK: Record<Verdict, { color: string; label: string }> = {
  none: { color: 'teal', label: 'Workable' },
  partial: { color: 'orange', label: 'Partial delay' },
  full: { color: 'red', label: 'Full-day delay' },
};

export function VerdictBadge({ verdict, hoursLost }: { verdict: Verdict; hoursLost?: number }) {
  const look = VERDICT_LOOK[verdict];
  return (
    <Badge color={look.color} variant={verdict === 'none' ? 'light' : 'filled'} radius="sm">
      {look.label}
      {verdict === 'partial' && hoursLost ? ` · ${hoursLost} h` : ''}
    </Badge>
  );
}
