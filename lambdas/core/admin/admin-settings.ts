import { DEFAULT_ADMIN_SETTINGS, type AdminSettings, type AdminSettingsInput } from '../../../shared/admin';
import type { NoticeTime } from '../../../shared/notice-slots';
import type { Caller } from '../caller';
import type { Clock } from '../runtime.ports';
import type { AdminSettingsStore } from './people.ports';

export interface AdminSettingsDeps {
  settings: AdminSettingsStore;
  clock: Clock;
  /** The SES From identity (MAIL_FROM): deployment configuration, shown read-only. */
  fromAddress: string;
}

/** The stored settings, or the product's defaults before any admin saved them. */
export async function getAdminSettings(deps: AdminSettingsDeps): Promise<AdminSettings> {
  const stored = await deps.settings.get();
  if (!stored)
    return { ...DEFAULT_ADMIN_SETTINGS, fromAddress: deps.fromAddress, updatedBy: null, updatedAt: null };
  return { ...stored, fromAddress: deps.fromAddress };
}

export async function saveAdminSettings(
  deps: AdminSettingsDeps,
  caller: Caller,
  input: AdminSettingsInput,
): Promise<AdminSettings> {
  const stored = { ...input, updatedBy: caller.email, updatedAt: deps.clock.now().toISOString() };
  await deps.settings.put(stored);
  return { ...stored, fromAddress: deps.fromAddress };
}

/** The notice times a new jobsite starts with (the admins' default, else DESIGN §7's). */
export async function defaultNoticeTimes(store: AdminSettingsStore): Promise<NoticeTime[]> {
  const stored = await store.get();
  return (stored?.defaultNoticeTimes ?? DEFAULT_ADMIN_SETTINGS.defaultNoticeTimes).map((n) => ({ ...n }));
}
