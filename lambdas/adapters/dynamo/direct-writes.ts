import { BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityConfig } from './entities/table';
import { batchPut } from './batch-put';

type Item = Record<string, unknown>;
type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/** DynamoDB's BatchWriteItem takes 25 puts a call. */
const PUTS_PER_CALL = 25;

/**
 * Writes a transaction of items built without ElectroDB (claim-items.ts). Answers null once
 * committed; when DynamoDB cancels it, the reason of each item in order (`None` for one only rolled
 * back, `ConditionalCheckFailed`, `TransactionConflict`…), as ElectroDB reports a cancelled one.
 */
export async function transactWrite(direct: EntityConfig, items: TransactItems): Promise<string[] | null> {
  try {
    await direct.client.send(new TransactWriteCommand({ TransactItems: items }));
    return null;
  } catch (err) {
    const cancelled = err as { name?: string; CancellationReasons?: { Code?: string }[] };
    if (cancelled.name !== 'TransactionCanceledException' || !cancelled.CancellationReasons) throw err;
    return cancelled.CancellationReasons.map((r) => r.Code ?? 'None');
  }
}

/**
 * Puts whole items built without ElectroDB, 25 a BatchWriteItem, one call after another as
 * ElectroDB's batch put does; the ones DynamoDB leaves unprocessed are put again (batchPut).
 */
export async function putItems(direct: EntityConfig, what: string, items: readonly Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += PUTS_PER_CALL) {
    await batchPut(what, items.slice(i, i + PUTS_PER_CALL), async (batch) => {
      const { UnprocessedItems } = await direct.client.send(
        new BatchWriteCommand({
          RequestItems: { [direct.table]: batch.map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
      return { unprocessed: (UnprocessedItems?.[direct.table] ?? []).map((r) => r.PutRequest!.Item!) };
    });
  }
}
