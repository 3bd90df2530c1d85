import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** With BENCH_TRACE set: each call's command and key, in order (the bench writes them to that file). */
export const traced: string[] = [];

const READS = /^(Get|BatchGet|Query|Scan|TransactGet)/;

type Consumed = { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;

/**
 * Counts every DynamoDB call the product's client makes, by command, and the capacity units each
 * consumed (middleware on the real SDK client: every call asks DynamoDB to return its consumed
 * capacity, which changes nothing else).
 */
export function countCalls(client: DynamoDBClient) {
  let counts: Record<string, number> = {};
  let capacity = { read: 0, write: 0 };
  client.middlewareStack.add(
    (next, context) => async (a) => {
      const name = context.commandName ?? 'unknown';
      counts[name] = (counts[name] ?? 0) + 1;
      const input = (a as { input?: Record<string, unknown> }).input ?? {};
      if (process.env.BENCH_TRACE) {
        const what = input.Key ?? input.ExpressionAttributeValues ?? input.Item ?? input.RequestItems;
        traced.push(`${name} ${JSON.stringify(what ?? input.TransactItems ?? '').slice(0, 160)}`);
      }
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(a);
      const consumed = (result.output as { ConsumedCapacity?: Consumed }).ConsumedCapacity;
      const units = [consumed ?? []].flat().reduce((sum, c) => sum + (c?.CapacityUnits ?? 0), 0);
      if (READS.test(name)) capacity.read += units;
      else capacity.write += units;
      return result;
    },
    { step: 'initialize', name: 'benchCount' },
  );
  return {
    calls: () => Object.values(counts).reduce((x, y) => x + y, 0),
    byCommand: () => ({ ...counts }),
    capacity: () => ({ ...capacity }),
    reset: () => {
      counts = {};
      capacity = { read: 0, write: 0 };
    },
  };
}
