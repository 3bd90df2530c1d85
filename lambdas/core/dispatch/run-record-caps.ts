/**
 * What the run record may hold, so a 10,000-jobsite run stays far below DynamoDB's 400 KB item
 * limit: the counts are always whole, the lists are heads (~150 bytes an entry). The planner shares
 * the room for unjudged jobsites and errors among its batches, which append to the record on their own.
 */
export const RUN_RECORD_CAPS = { dueJobsites: 200, unjudged: 1200, errors: 50 } as const;
