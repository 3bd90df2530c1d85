import type { AccountProfile } from '../../../shared/account';

/** The profile entity's item of an account profile (the one mapping both writers use). */
export function profileItem(profile: AccountProfile) {
  return {
    userId: profile.userId,
    email: profile.email,
    name: profile.name ?? undefined,
    company: profile.company ?? undefined,
    units: profile.units,
    createdAt: profile.createdAt ?? undefined,
    quietEnabled: profile.quietHours?.enabled,
    quietStart: profile.quietHours?.start,
    quietEnd: profile.quietHours?.end,
    updatedAt: new Date().toISOString(),
  };
}
