/**
 * An invite link opened while signed out: kept for this tab so that signing in, or signing up and
 * confirming the code, comes back to the link instead of the dashboard.
 */
const PENDING_JOIN_KEY = 'raincheck.pendingJoin';

export function savePendingJoin(path: string): void {
  try {
    window.sessionStorage.setItem(PENDING_JOIN_KEY, path);
  } catch {
    // Blocked storage: the invitee opens the emailed link again after signing in.
  }
}

/** The saved `/join/…` path, consumed. */
export function takePendingJoin(): string | null {
  try {
    const path = window.sessionStorage.getItem(PENDING_JOIN_KEY);
    window.sessionStorage.removeItem(PENDING_JOIN_KEY);
    return path && /^\/join\/[A-Za-z0-9_~-]+$/.test(path) ? path : null;
  } catch {
    return null;
  }
}
