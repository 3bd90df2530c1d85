/**
 * Schedules of the scheduled handlers, declared once: the CDK app turns each into an EventBridge
 * schedule and the local scheduler runs the same handler on the same cadence.
 */
export interface HandlerSchedule {
  /** Entry folder under lambdas/. */
  entry: string;
  rateMinutes: number;
  description: string;
}

export const SCHEDULES: readonly HandlerSchedule[] = [
  {
    entry: 'dispatch',
    rateMinutes: 15,
    description: 'Finds jobsites whose notice time falls in this 15-minute slot and checks their forecast',
  },
  {
    entry: 'reports',
    rateMinutes: 60,
    description:
      'Emails each scheduled report once for its last whole week or month (claimed per period), PDF attached',
  },
];
