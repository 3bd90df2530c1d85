/**
 * An admin's read-only support session for a customer's account (issue 22 §7), kept for this tab only
 * (sessionStorage): while it is live, the API client sends its token instead of the admin's own for
 * the account's routes, and the signed-in layout shows the read-only banner. The server refuses every
 * write in a session whatever the screens show.
 */
export interface SupportSessionView {
  token: string;
  accountId: string;
  company: string | null;
  expiresAt: string;
}

const KEY = 'raincheck.supportSession';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function currentSupportSession(now = new Date()): SupportSessionView | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as SupportSessionView;
    if (Date.parse(session.expiresAt) > now.getTime()) return session;
  } catch {
    // A torn or foreign value: treated as no session.
  }
  storage()?.removeItem(KEY);
  return null;
}

export function startSupportSession(session: SupportSessionView): void {
  storage()?.setItem(KEY, JSON.stringify(session));
  listeners.forEach((l) => l());
}

export function endSupportSession(): void {
  storage()?.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function subscribeSupportSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The token for `path`, when a support session is live: never for the admin's own routes. */
export function supportTokenFor(path: string): string | null {
  if (path.startsWith('/api/admin/')) return null;
  return currentSupportSession()?.token ?? null;
}
