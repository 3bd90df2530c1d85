import type { AccountProfile } from './account';

/** One step of getting an account ready to send notices that speak for the contractor. */
export interface SetupStep {
  id: 'company';
  done: boolean;
  label: string;
  /** Why it matters, in the words the dashboard shows. */
  detail: string;
  /** Where the step is done in the app. */
  href: string;
}

export const COMPANY_STEP_DETAIL =
  'Notices name your company as the sender ("<Company> via Raincheck") and on their details page. Until you add it, they go out as Raincheck alone.';

/**
 * The dashboard's setup checklist. A notice never says a setting is missing (a worker cannot fix
 * it); the contractor reads it here instead.
 */
export function setupChecklist(profile: Pick<AccountProfile, 'company'>): SetupStep[] {
  return [
    {
      id: 'company',
      done: !!profile.company?.trim(),
      label: 'Add your company name',
      detail: COMPANY_STEP_DETAIL,
      href: '/settings#settings-profile',
    },
  ];
}
