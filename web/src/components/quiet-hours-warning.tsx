import { Alert, List } from '@mantine/core';
import type { HeldNoticeTime } from '../../../shared/quiet-hours-notices';

/**
 * Says which notice times quiet hours will hold (shared/quiet-hours-notices.ts), one line each, in
 * the settings' quiet-hours form and the jobsite form's notices section alike. Nothing when none.
 */
export function QuietHoursWarning({ held }: { held: readonly HeldNoticeTime[] }) {
  if (held.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title="Inside quiet hours" role="status">
      {held.length === 1 ? (
        `${held[0]!.message}. Lightning and official warnings still go out at once.`
      ) : (
        <>
          <List size="sm" spacing={2}>
            {held.map((h) => (
              <List.Item key={`${h.jobsiteName}-${h.time}`}>{h.message}</List.Item>
            ))}
          </List>
          Lightning and official warnings still go out at once.
        </>
      )}
    </Alert>
  );
}
