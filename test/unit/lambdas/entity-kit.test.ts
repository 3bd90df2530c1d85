import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  AS_WRITTEN,
  keyStrings,
  optionalStrings,
  gsiIndex,
  entityOf,
  tableIndex,
} from '../../../lambdas/adapters/dynamo/entities/entity-kit';
import { TABLE_KEYS } from '../../../lambdas/adapters/dynamo/entities/table';

// Builds no request: `params()` only renders the item's keys, so no endpoint is ever called.
const config = {
  table: 'raincheck',
  client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' })),
};

function noteEntity() {
  return entityOf('note', {
    attributes: { ...keyStrings('tenantId', 'noteId'), ...optionalStrings('email') },
    indexes: {
      byTenant: tableIndex(['tenantId'], ['noteId'], { sk: 'none' }),
      byEmail: gsiIndex(TABLE_KEYS.gsi1, ['email'], ['noteId'], AS_WRITTEN),
    },
  })(config);
}

describe('the entity helpers of the one table', () => {
  it('should keep a key as written only where the index asks, so ids of mixed case stay apart', () => {
    const params = noteEntity().get({ tenantId: 'Acme', noteId: 'aB' }).params();
    expect(params.Key).toEqual({ pk: '$raincheck#tenantid_acme', sk: '$note_1#noteId_aB' });
  });

  it('should write every secondary key on its index with the case given when the item is stored', () => {
    const item = noteEntity().put({ tenantId: 't', noteId: 'n1', email: 'Ann@Example.com' }).params().Item;
    expect(item).toMatchObject({
      gsi1pk: '$raincheck#email_Ann@Example.com',
      gsi1sk: '$note_1#noteId_n1',
      __edb_e__: 'note',
      __edb_v__: '1',
    });
  });

  it('should refuse to rewrite a key attribute when an item is updated', () => {
    const entity = noteEntity();
    expect(() =>
      entity
        .patch({ tenantId: 't', noteId: 'n1' })
        .set({ noteId: 'n2' } as never)
        .params(),
    ).toThrow(/read-only/i);
  });
});
