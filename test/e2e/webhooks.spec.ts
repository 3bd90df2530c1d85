import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { newAccount, subscribe, type TestAccount } from '../support/accounts';
import { shootBothSchemes } from './helpers';
import { e2eStack } from './stack';

/**
 * Webhooks in a real browser: an Enterprise contractor adds an endpoint on a local receiver, copies
 * the secret shown once, sends a test event and sees the delivery; the receiver verifies it with the
 * `standardwebhooks` library.
 */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('received, thank you');
  });
});
let receiverUrl: string;
let account: TestAccount;

test.beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/raincheck`;
  account = await newAccount(e2eStack(), 'hooks-e2e');
  await subscribe(e2eStack(), account, 'enterprise');
});
test.afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

for (const width of [1280, 390]) {
  test(`should add a webhook, send a test event and show its delivery at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

    await page.goto('/settings/webhooks');
    await page.getByLabel(/Endpoint URL/).fill(`${receiverUrl}-${width}`);
    await page.getByRole('checkbox', { name: /A jobsite was created/ }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await shootBothSchemes(page, 'webhooks-secret');
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    const card = page.getByRole('region', { name: `${receiverUrl}-${width}` });
    await card.getByRole('button', { name: 'Send test event' }).click();
    const delivery = card.getByRole('listitem', { name: /webhook\.test delivery, Delivered/ });
    await expect(delivery).toBeVisible({ timeout: 15_000 });
    await expect(delivery.getByText('HTTP 200')).toBeVisible();
    await expect(delivery.getByText('received, thank you')).toBeVisible();

    const got = received.at(-1)!;
    const event = new Webhook(secret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    }) as { type: string };
    expect(event.type).toBe('webhook.test');
    await shootBothSchemes(page, 'webhooks-delivered');
  });
}
