import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CognitoPoolFile, parseTornJson } from '../../../local/cognito-pool-file';

const pool = (users: Record<string, { code?: string; email: string }>) =>
  JSON.stringify({
    Users: Object.fromEntries(
      Object.entries(users).map(([username, u]) => [
        username,
        { Username: username, ConfirmationCode: u.code, Attributes: [{ Name: 'email', Value: u.email }] },
      ]),
    ),
  });

describe("reading cognito-local's pool file", () => {
  it('should read the valid prefix of a torn write', () => {
    const fresh = pool({ u1: { email: 'a@b.c', code: '111111' } });
    const older = pool({ u1: { email: 'a@b.c', code: '000000' }, u2: { email: 'x@y.z', code: '222222' } });
    const torn = fresh + older.slice(fresh.length);
    expect(parseTornJson(torn)).toEqual(JSON.parse(fresh));
  });

  it('should wait for a new code and not return the one that was there before', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pool-'));
    const file = path.join(dir, 'local_1.json');
    fs.writeFileSync(file, pool({ u1: { email: 'Ann@Example.com', code: '111111' } }));
    const reader = new CognitoPoolFile(dir, () => 'local_1');
    expect(reader.codeFor('ann@example.com')).toBe('111111');
    setTimeout(() => fs.writeFileSync(file, pool({ u1: { email: 'ann@example.com', code: '222222' } })), 50);
    await expect(reader.waitForNewCode('ann@example.com', '111111', 2000)).resolves.toBe('222222');
    await expect(reader.waitForNewCode('nobody@example.com', null, 100)).resolves.toBeNull();
  });
});
