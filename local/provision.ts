import fs from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListUsersCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { TABLE_KEYS } from '../lambdas/adapters/dynamo/service';
import { PASSWORD_POLICY } from '../shared/password-policy';

/**
 * Creates, idempotently, what the CDK app creates in AWS: the table (same keys and GSIs), the user
 * pool, its app client and the `admins` group.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const gsis = [TABLE_KEYS.gsi1, TABLE_KEYS.gsi2, TABLE_KEYS.gsi3];
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, Table?.GlobalSecondaryIndexes ?? [], gsis);
    return;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [TABLE_KEYS.pk, TABLE_KEYS.sk, ...gsis.flatMap((g) => [g.pk, g.sk])].map(
        (name) => ({ AttributeName: name, AttributeType: 'S' as const }),
      ),
      KeySchema: [
        { AttributeName: TABLE_KEYS.pk, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sk, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: gsis.map(gsiOf),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttl, Enabled: true },
    }),
  );
}

type Gsi = { name: string; pk: string; sk: string };

const gsiOf = (g: Gsi) => ({
  IndexName: g.name,
  KeySchema: [
    { AttributeName: g.pk, KeyType: 'HASH' as const },
    { AttributeName: g.sk, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

/**
 * A table kept from before an index was added (a developer's saved DynamoDB Local) gets it, one
 * index per update as DynamoDB requires; the records' first indexed page fills it (index-keys-backfill).
 */
async function addMissingIndexes(
  client: DynamoDBClient,
  tableName: string,
  existing: readonly { IndexName?: string }[],
  gsis: readonly Gsi[],
): Promise<void> {
  for (const g of gsis.filter((g) => !existing.some((e) => e.IndexName === g.name))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [g.pk, g.sk].map((name) => ({
          AttributeName: name,
          AttributeType: 'S' as const,
        })),
        GlobalSecondaryIndexUpdates: [{ Create: gsiOf(g) }],
      }),
    );
  }
}

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

/** The same policy the CDK auth construct gives the user pool in AWS. */
const LOCAL_PASSWORD_POLICY = {
  MinimumLength: PASSWORD_POLICY.minLength,
  RequireUppercase: PASSWORD_POLICY.requireUppercase,
  RequireLowercase: PASSWORD_POLICY.requireLowercase,
  RequireNumbers: PASSWORD_POLICY.requireDigits,
  RequireSymbols: PASSWORD_POLICY.requireSymbols,
};

export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  stateFile: string,
): Promise<PoolIds> {
  const saved = readState(stateFile);
  if (saved) {
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId }));
      return saved;
    } catch {
      // The pool file was removed: create a fresh pool below.
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'raincheck-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: LOCAL_PASSWORD_POLICY },
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'raincheck-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  await client.send(
    new CreateGroupCommand({
      UserPoolId: userPoolId,
      GroupName: 'admins',
      Description: 'Raincheck administrators',
    }),
  );
  const ids = { userPoolId, userPoolClientId: appClient.UserPoolClient!.ClientId! };
  fs.mkdirSync(path.dirname(stateFile), { recursive: true });
  fs.writeFileSync(stateFile, JSON.stringify(ids, null, 2));
  return ids;
}

function readState(file: string): PoolIds | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PoolIds>;
    return parsed.userPoolId && parsed.userPoolClientId
      ? { userPoolId: parsed.userPoolId, userPoolClientId: parsed.userPoolClientId }
      : null;
  } catch {
    return null;
  }
}

/** Signs a user up, confirms them and puts them in their groups, unless they already exist. */
export async function ensureUser(
  client: CognitoIdentityProviderClient,
  ids: PoolIds,
  user: { email: string; password: string; groups: readonly string[] },
): Promise<string> {
  const existing = await client.send(
    new ListUsersCommand({ UserPoolId: ids.userPoolId, Filter: `email = "${user.email}"` }),
  );
  let username = existing.Users?.find((u) =>
    u.Attributes?.some((a) => a.Name === 'email' && a.Value === user.email),
  )?.Username;
  if (!username) {
    const signUp = await client.send(
      new SignUpCommand({
        ClientId: ids.userPoolClientId,
        Username: user.email,
        Password: user.password,
        UserAttributes: [{ Name: 'email', Value: user.email }],
      }),
    );
    username = signUp.UserSub ?? user.email;
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: ids.userPoolId, Username: user.email }));
  }
  for (const group of user.groups) {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: ids.userPoolId, Username: user.email, GroupName: group }),
    );
  }
  return username;
}
