import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../../../lambdas/adapters/dynamo/client';
import { DynamoRateWindows } from '../../../lambdas/adapters/dynamo/rate-window.repo';
import { createRaincheckService } from '../../../lambdas/adapters/dynamo/service';
import { createSesClient } from '../../../lambdas/adapters/ses/ses.mailer';
import { sesMaxSendRate } from '../../../lambdas/adapters/ses/ses.notice-mailer';
import { testStack } from '../stack';

/** The account's one send rate, kept in DynamoDB Local and read from the SES emulator. */
const stack = testStack();
const windows = new DynamoRateWindows(
  createRaincheckService(
    stack.lambdaConfig.TABLE_NAME,
    createDocumentClient({ region: stack.lambdaConfig.AWS_REGION, endpoint: stack.dynamoUrl }),
  ),
);
const EXPIRES = new Date(Date.now() + 3_600_000);

describe("the account's shared send rate", () => {
  it('should never grant more than the rate in one second when 20 processes take blocks at once', async () => {
    const key = `send-rate#test-${randomUUID()}`;
    const second = '2026-11-27T05:00:00.000Z';

    const granted = await Promise.all(
      Array.from({ length: 20 }, () => windows.takeUpTo(key, second, 3, 10, EXPIRES)),
    );

    expect(granted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10);
    expect(granted.some((g) => g > 0)).toBe(true);
    // A full window grants nothing more.
    await windows.takeUpTo(key, second, 10, 10, EXPIRES);
    await expect(windows.takeUpTo(key, second, 1, 10, EXPIRES)).resolves.toBe(0);
  });

  it('should grant what is left of a window when a block would pass the rate', async () => {
    const key = `send-rate#test-${randomUUID()}`;
    const second = '2026-11-27T05:00:01.000Z';
    await expect(windows.takeUpTo(key, second, 8, 10, EXPIRES)).resolves.toBe(8);
    await expect(windows.takeUpTo(key, second, 5, 10, EXPIRES)).resolves.toBe(2);
  });

  it("should read the account's send rate from SES", async () => {
    const ses = createSesClient({
      region: stack.lambdaConfig.AWS_REGION,
      endpoint: stack.lambdaConfig.SES_ENDPOINT,
    });
    await expect(sesMaxSendRate(ses)).resolves.toBe(100);
  });
});
