import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
  UpdateUserPoolCommand,
  type ExplicitAuthFlowsType,
  type PasswordPolicyType,
} from '@aws-sdk/client-cognito-identity-provider';
import { passwordPolicy, tableDefinition, tableKeySchema, tokenValidity } from '@reviewroute/shared';
import { serverClientName } from '@reviewroute/functions/triggers/pre-token-generation';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';

export const LOCAL_USER_POOL_NAME = 'reviewroute-local';
export const LOCAL_USER_POOL_CLIENT_NAME = 'reviewroute-web';

/** The API's server client, as the auth stack's (its tokens keep the admin scope; only the admin flow). */
const serverClientFlows: ExplicitAuthFlowsType[] = ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];

/**
 * The production pool's policy (shared `passwordPolicy`) in the Cognito API's shape. cognito-local does not
 * check passwords itself; the local translation layer enforces this on sign-up and password reset.
 */
export const localPasswordPolicy: PasswordPolicyType = {
  MinimumLength: passwordPolicy.minLength,
  RequireUppercase: passwordPolicy.requireUppercase,
  RequireLowercase: passwordPolicy.requireLowercase,
  RequireNumbers: passwordPolicy.requireDigits,
  RequireSymbols: passwordPolicy.requireSymbols,
};

/**
 * Password auth for Amplify's local flow (cognito-local has no SRP; AWS allows SRP only, see the auth stack), SRP
 * for parity with AWS, the admin password flow the account Lambda proves passwords with, refresh for all.
 */
const authFlows: ExplicitAuthFlowsType[] = [
  'ALLOW_USER_PASSWORD_AUTH',
  'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  'ALLOW_USER_SRP_AUTH',
  'ALLOW_REFRESH_TOKEN_AUTH',
];

const clientConfig = { region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };

/** Creates the single table from the shared definition (the one CDK uses) unless it exists; then its stream and TTL. */
export async function provisionTable(endpoint: string): Promise<string> {
  const client = new DynamoDBClient({ ...clientConfig, endpoint });
  const def = tableDefinition;
  const TableName = def.localTableName;
  try {
    const keyNames = new Map<string, AttributeDefinition>();
    const addKey = (k: { name: string; type: string }) =>
      keyNames.set(k.name, { AttributeName: k.name, AttributeType: k.type as AttributeDefinition['AttributeType'] });
    addKey(def.partitionKey);
    addKey(def.sortKey);
    for (const gsi of def.globalSecondaryIndexes) {
      addKey(gsi.partitionKey);
      addKey(gsi.sortKey);
    }
    try {
      await client.send(
        new CreateTableCommand({
          TableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [...keyNames.values()],
          ...tableKeySchema(def),
          StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream },
        }),
      );
    } catch (error) {
      // Already there from an earlier start: keep it and its data.
      if (!(error instanceof ResourceInUseException)) throw error;
    }
    await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName });
    // A table kept from before the stats worker read the stream gets its stream now.
    const { Table } = await client.send(new DescribeTableCommand({ TableName }));
    if (!Table?.StreamSpecification?.StreamEnabled)
      await client.send(
        new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream } }),
      );
    // A table kept from before an index was added gets it now (one at a time, as DynamoDB allows); items
    // written before carry no keys of it.
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    for (const index of tableKeySchema(def).GlobalSecondaryIndexes.filter((i) => !present.has(i.IndexName))) {
      await client.send(
        new UpdateTableCommand({
          TableName,
          AttributeDefinitions: [...keyNames.values()],
          GlobalSecondaryIndexUpdates: [{ Create: index }],
        }),
      );
    }
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName }));
    if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName,
          TimeToLiveSpecification: { AttributeName: def.timeToLiveAttribute, Enabled: true },
        }),
      );
    }
    return TableName;
  } finally {
    client.destroy();
  }
}

/**
 * Finds the local pool and app client by name or creates them, so a restart on the same data keeps every
 * account. Returns their ids.
 */
export async function provisionUserPool(
  endpoint: string,
): Promise<{ userPoolId: string; userPoolClientId: string; userPoolServerClientId: string }> {
  const client = new CognitoIdentityProviderClient({ ...clientConfig, endpoint });
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((p) => p.Name === LOCAL_USER_POOL_NAME)?.Id;
    // Settings that may change between versions of this file are re-applied to an existing pool.
    const poolSettings = {
      AutoVerifiedAttributes: ['email' as const],
      Policies: { PasswordPolicy: localPasswordPolicy },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email' as const, Priority: 1 }] },
      // As the CDK pool: optional TOTP two-factor sign-in, and a new address replaces the old one once verified.
      MfaConfiguration: 'OPTIONAL' as const,
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email' as const] },
    };
    if (userPoolId) {
      await client.send(new UpdateUserPoolCommand({ UserPoolId: userPoolId, ...poolSettings }));
    } else {
      const created = await client.send(
        new CreateUserPoolCommand({
          PoolName: LOCAL_USER_POOL_NAME,
          UsernameAttributes: ['email'],
          UsernameConfiguration: { CaseSensitive: false },
          Schema: [{ Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true }],
          ...poolSettings,
        }),
      );
      userPoolId = created.UserPool!.Id!;
    }
    const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === LOCAL_USER_POOL_CLIENT_NAME)?.ClientId;
    let userPoolServerClientId = clients.UserPoolClients?.find((c) => c.ClientName === serverClientName)?.ClientId;
    if (!userPoolServerClientId) {
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: serverClientName,
          GenerateSecret: false,
          ExplicitAuthFlows: serverClientFlows,
          PreventUserExistenceErrors: 'ENABLED',
        }),
      );
      userPoolServerClientId = created.UserPoolClient!.ClientId!;
    }
    const settings = {
      ExplicitAuthFlows: authFlows,
      PreventUserExistenceErrors: 'ENABLED' as const,
      AccessTokenValidity: tokenValidity.accessTokenMinutes,
      IdTokenValidity: tokenValidity.idTokenMinutes,
      RefreshTokenValidity: tokenValidity.refreshTokenDays,
      TokenValidityUnits: {
        AccessToken: 'minutes' as const,
        IdToken: 'minutes' as const,
        RefreshToken: 'days' as const,
      },
    };
    if (userPoolClientId) {
      await client.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientId: userPoolClientId,
          ClientName: LOCAL_USER_POOL_CLIENT_NAME,
          ...settings,
        }),
      );
    } else {
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: LOCAL_USER_POOL_CLIENT_NAME,
          GenerateSecret: false,
          ...settings,
        }),
      );
      userPoolClientId = created.UserPoolClient!.ClientId!;
    }
    return { userPoolId, userPoolClientId, userPoolServerClientId };
  } finally {
    client.destroy();
  }
}
