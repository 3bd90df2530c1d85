import type { EntityItem } from 'electrodb';
import type { AccountProfile } from '../../../shared/account';
import type { RaincheckService } from './service';
import { absentIfNull, nullIfAbsent, pickFields } from '../../../shared/pick-fields';

const STORED_AS_IS = ['userId', 'email', 'units'] as const;
/** Null in the profile, absent in the item. */
const OPTIONAL_FIELDS = ['name', 'company', 'createdAt'] as const;

/** The profile entity's item of an account profile (the one mapping both writers use). */
export function profileItem(profile: AccountProfile) {
  return {
    ...pickFields(profile, STORED_AS_IS),
    ...absentIfNull(profile, OPTIONAL_FIELDS),
    quietEnabled: profile.quietHours?.enabled,
    quietStart: profile.quietHours?.start,
    quietEnd: profile.quietHours?.end,
    updatedAt: new Date().toISOString(),
  };
}

/** The account profile of a stored profile item; quiet hours only once a start and an end were saved. */
export function profileFromItem(data: EntityItem<RaincheckService['entities']['profile']>): AccountProfile {
  return {
    ...pickFields(data, STORED_AS_IS),
    ...nullIfAbsent(data, OPTIONAL_FIELDS),
    ...(data.quietStart && data.quietEnd
      ? { quietHours: { enabled: data.quietEnabled === true, start: data.quietStart, end: data.quietEnd } }
      : {}),
  };
}
