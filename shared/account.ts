import type { Subscription } from './subscription';

export const UNIT_SYSTEMS = ['us', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** The account owner's profile: who they are and how they want things shown. */
export interface AccountProfile {
  userId: string;
  email: string;
  name: string | null;
  company: string | null;
  units: UnitSystem;
  createdAt: string | null;
}

/** The body of `GET /api/me`. */
export interface MeResponse {
  profile: AccountProfile;
  subscription: Subscription;
  isAdmin: boolean;
}
