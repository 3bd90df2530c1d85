import type { Jobsite } from '../../../../../shared/records/jobsite';
import { QueryBlock } from '../../../components/records/query-state';
import { RecordSection } from '../../../components/records/record-section';
import { jobsiteRecords } from '../../../features/jobsites/api/jobsites-api';
import { JobsiteLinks } from '../../../features/jobsites/components/jobsite-links';
import { useJobsiteHref } from './jobsite-href';

/** A record page's card of the jobsites it is on (a client's, a worker's, the crews a jobsite notifies). */
export function RelatedJobsites({
  title = 'Jobsites',
  of,
  which,
  emptyText,
}: {
  title?: string;
  /** Whose jobsites, for the busy label: "the client's". */
  of: string;
  which: (site: Jobsite) => boolean;
  emptyText: string;
}) {
  const jobsites = jobsiteRecords.useAll();
  const hrefOf = useJobsiteHref();
  return (
    <RecordSection title={title}>
      <QueryBlock
        query={jobsites}
        loading={{ label: `Loading ${of} jobsites`, rows: 2 }}
        errorTitle="Could not load the jobsites"
      >
        {(all) => <JobsiteLinks jobsites={all.filter(which)} hrefOf={hrefOf} emptyText={emptyText} />}
      </QueryBlock>
    </RecordSection>
  );
}
