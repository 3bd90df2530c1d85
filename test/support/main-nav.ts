/** The links of the signed-in main navigation, in the order the spec lists the pages. */
export const MAIN_NAV_LABELS = [
  'Dashboard',
  'Clients',
  'Jobsites',
  'Workers',
  'Crews',
  'Weather',
  'Email',
  'Analytics',
  'Subscription',
  'Team',
  'Settings',
  'Support',
] as const;
