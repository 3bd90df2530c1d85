import type { QuietHours } from './quiet-hours';
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
  /** When non-urgent notices wait until morning (shared/quiet-hours); absent = off. */
  quietHours?: QuietHours;
}

/** The body of `GET /api/me`. */
export interface MeResponse {
  profile: AccountProfile;
  subscription: Subscription;
  isAdmin: boolean;
  /** The account the caller acts in and their role there (issue 22); the caller's own id and email. */
  account?: {
    id: string;
    role: 'owner' | 'manager' | 'viewer' | 'support';
    userId: string;
    email: string;
    /** The caller's own name (a member's is on their own profile; the founder's is the account's). */
    name?: string | null;
  };
}
