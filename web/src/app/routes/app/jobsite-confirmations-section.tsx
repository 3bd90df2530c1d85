import { RecordSection } from '../../../components/records/record-section';
import { JobsiteConfirmations } from '../../../features/confirmations/components/confirmation-lines';

const DAY_MS = 86_400_000;
/** The jobsite page shows the last two weeks' answers, and tomorrow's once a notice went out for it. */
const PAST_DAYS = 14;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The crew confirmations of a jobsite's recent days, on its page (composes the confirmations feature). */
export function JobsiteConfirmationsSection({ jobsiteId }: { jobsiteId: string }) {
  const now = Date.now();
  return (
    <RecordSection title="Crew confirmations">
      <JobsiteConfirmations
        jobsiteId={jobsiteId}
        from={isoDay(now - PAST_DAYS * DAY_MS)}
        to={isoDay(now + 2 * DAY_MS)}
        empty="No delay notice has asked the foreman to confirm in the last two weeks."
      />
    </RecordSection>
  );
}
