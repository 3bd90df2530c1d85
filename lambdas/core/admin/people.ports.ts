import type { AdminSettingsInput } from '../../../shared/admin';

/** A user of the identity provider (Cognito), as the admin screens need it. */
export interface DirectoryUser {
  /** The user's `sub`, the account's tenant id. */
  id: string;
  email: string;
  enabled: boolean;
  status: string;
  createdAt: string | null;
}

export interface DirectoryPage {
  users: DirectoryUser[];
  nextCursor: string | null;
}

/** The user pool: listing pages by email prefix, enabling, and group membership. */
export interface UserDirectory {
  listUsers(query: { emailPrefix: string; limit: number; cursor?: string }): Promise<DirectoryPage>;
  findById(id: string): Promise<DirectoryUser | null>;
  findByEmail(email: string): Promise<DirectoryUser | null>;
  setEnabled(id: string, enabled: boolean): Promise<void>;
  /** Signs the user out of every device: their refresh tokens stop working. */
  signOut(id: string): Promise<void>;
  /** Every member of a group (the admins are a handful; paged through by the adapter). */
  groupMembers(group: string): Promise<DirectoryUser[]>;
  addToGroup(id: string, group: string): Promise<void>;
  removeFromGroup(id: string, group: string): Promise<void>;
}

/** What the table knows of an account, joined by key onto a page of users. */
export interface AccountSummary {
  plan: 'none' | 'basic' | 'premium' | 'enterprise';
  subscriptionStatus: string;
  lastSignInAt: string | null;
}

export interface AccountSummaries {
  /** One batched read by key for the page's users (no scan). Missing users read as plan none. */
  summaries(userIds: string[]): Promise<Map<string, AccountSummary>>;
  /** Records a sign-in time; an older time than the stored one changes nothing. */
  recordSignIn(userId: string, at: string): Promise<void>;
}

export interface StoredAdminSettings extends AdminSettingsInput {
  updatedBy: string;
  updatedAt: string;
}

export interface AdminSettingsStore {
  get(): Promise<StoredAdminSettings | null>;
  put(settings: StoredAdminSettings): Promise<void>;
}
