import type { EntityItem } from 'electrodb';
import type { AccountProfile } from '../../../shared/account';
import type { RaincheckService } from './service';

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

/** The account profile of a stored profile item; quiet hours only once a start and an end were saved. */
export function profileFromItem(data: EntityItem<RaincheckService['entities']['profile']>): AccountProfile {
  return {
    userId: data.userId,
    email: data.email,
    name: data.name ?? null,
    company: data.company ?? null,
    units: data.units,
    createdAt: data.createdAt ?? null,
    ...(data.quietStart && data.quietEnd
      ? { quietHours: { enabled: data.quietEnabled === true, start: data.quietStart, end: data.quietEnd } }
      : {}),
  };
}
