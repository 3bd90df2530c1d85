import {
  DEFAULT_ADMIN_SETTINGS,
  senderFrom,
  type AdminSettings,
  type AdminSettingsInput,
} from '../../../shared/admin';
import type { NoticeTime } from '../../../shared/notice-slots';
import type { Caller } from '../caller';
import type { Clock } from '../runtime.ports';
import type { AdminSettingsStore } from './people.ports';
import type { Sender } from '../email/sender.ports';

/** How long a container keeps the sender before reading the settings again. */
export const SENDER_CACHE_MS = 60_000;

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

/**
 * The sender every email goes out with: the admins' display name and reply-to over MAIL_FROM's
 * address (MAIL_FROM as is until an admin saves settings). Read at most once a minute per container,
 * so a change reaches every Lambda within a minute and a dispatch run costs one read.
 */
export function settingsSender(
  store: AdminSettingsStore,
  mailFrom: string,
  clock: Clock,
): () => Promise<Sender> {
  let cached: { at: number; sender: Promise<Sender> } | null = null;
  return () => {
    const now = clock.now().getTime();
    if (!cached || now - cached.at > SENDER_CACHE_MS) {
      const sender = store.get().then((stored): Sender =>
        stored
          ? {
              from: senderFrom(stored.senderName, mailFrom),
              replyTo: stored.replyTo ? [stored.replyTo] : [],
            }
          : { from: mailFrom, replyTo: [] },
      );
      // A failed read must not stop the mail: fall back to the deployment's address, and retry next time.
      cached = { at: now, sender: sender.catch(() => ((cached = null), { from: mailFrom, replyTo: [] })) };
    }
    return cached.sender;
  };
}
