import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads the confirmation codes cognito-local keeps in its pool file (`<dir>/<poolId>.json`).
 * cognito-local writes that file with overlapping async writes, so a read can meet a torn file:
 * valid JSON followed by the tail of a longer, older write. We parse the valid prefix and, when the
 * wanted code is not there yet, read again shortly. (Its printed "deliveries" are no better: its
 * logger buffers them until the next log line.)
 */
interface PoolUser {
  Username: string;
  ConfirmationCode?: string;
  RefreshTokens?: string[];
  Attributes?: { Name: string; Value: string }[];
}

export function parseTornJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const position = /position (\d+)/.exec(String((err as Error).message));
    if (!position) throw err;
    return JSON.parse(text.slice(0, Number(position[1])));
  }
}

export class CognitoPoolFile {
  constructor(
    private readonly dir: string,
    private readonly userPoolId: () => string,
  ) {}

  /** The pool's user with this email or username, if any. */
  private user(email: string): PoolUser | null {
    let pool: { Users?: Record<string, PoolUser> };
    try {
      const text = fs.readFileSync(path.join(this.dir, `${this.userPoolId()}.json`), 'utf8');
      pool = parseTornJson(text) as typeof pool;
    } catch {
      return null;
    }
    const wanted = email.toLowerCase();
    for (const user of Object.values(pool.Users ?? {})) {
      const userEmail = user.Attributes?.find((a) => a.Name === 'email')?.Value ?? '';
      if (userEmail.toLowerCase() === wanted || user.Username.toLowerCase() === wanted) return user;
    }
    return null;
  }

  /** The pending confirmation code of the user with this email, if any. */
  codeFor(email: string): string | null {
    return this.user(email)?.ConfirmationCode ?? null;
  }

  /** Every refresh token cognito-local has issued the user (for a sign-out to revoke). */
  refreshTokensOf(username: string): string[] {
    return this.user(username)?.RefreshTokens ?? [];
  }

  /** Waits until the user has a code other than `previous` (a new one was issued), or gives up. */
  async waitForNewCode(email: string, previous: string | null, timeoutMs = 3000): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const code = this.codeFor(email);
      if (code && code !== previous) return code;
      if (Date.now() > deadline) return null;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
