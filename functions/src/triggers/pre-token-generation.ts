import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { awsClientConfig, processLambdaEnv } from '../lib/env';
import { logger } from '../lib/logger';

/**
 * The scope that lets an access token call Cognito's user API on its own (GetUser, UpdateUserAttributes,
 * VerifyUserAttribute, SetUserMFAPreference, AssociateSoftwareToken, DeleteUser…). Those calls ask no password and no
 * code, so a stolen token would go around every proof the API asks (account-security.ts in shared).
 */
export const cognitoAdminScope = 'aws.cognito.signin.user.admin';

/**
 * The one app client whose tokens keep the scope: the API's own, used server-side only after the API proved the
 * owner's factors, whose tokens never leave the account Lambda. Every other client (the web app's) gets tokens
 * without it: the browser changes the sign-in only through our API.
 */
export const serverClientName = 'reviewroute-server';

/** The scopes to take out of an access token issued to the client named `clientName` (unknown: suppressed). */
export function scopesToSuppress(clientName: string | undefined): string[] {
  return clientName === serverClientName ? [] : [cognitoAdminScope];
}

/** The V2 event's answer: the suppression, leaving every other claim as Cognito made it. */
export function withSuppressedScopes<E extends PreTokenGenerationV2TriggerEvent>(event: E, scopes: string[]): E {
  if (scopes.length === 0) return event;
  const details = event.response.claimsAndScopeOverrideDetails ?? {};
  event.response.claimsAndScopeOverrideDetails = {
    ...details,
    accessTokenGeneration: { ...details.accessTokenGeneration, scopesToSuppress: scopes },
  };
  return event;
}

let client: CognitoIdentityProviderClient | undefined;
/** Client names by id: they never change, so a warm container asks Cognito once per client. */
const names = new Map<string, string | undefined>();

/**
 * The client's name by DescribeUserPoolClient: the trigger cannot be given the server client's id in its
 * environment (the pool names the trigger, the client belongs to the pool: a cycle CloudFormation refuses).
 * A failed look-up counts as an unknown client, so the scope is suppressed (fails closed).
 */
async function clientNameOf(userPoolId: string, clientId: string): Promise<string | undefined> {
  if (names.has(clientId)) return names.get(clientId);
  client ??= new CognitoIdentityProviderClient(awsClientConfig(processLambdaEnv));
  try {
    const answer = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }));
    const name = answer.UserPoolClient?.ClientName;
    names.set(clientId, name);
    return name;
  } catch (error) {
    logger.error('The app client could not be described; its token gets no admin scope', { error: String(error) });
    return undefined;
  }
}

/** The Lambda (pre token generation, event version 2: the only one that can change an access token's scopes). */
export const handler = async (event: PreTokenGenerationV2TriggerEvent): Promise<PreTokenGenerationV2TriggerEvent> =>
  withSuppressedScopes(event, scopesToSuppress(await clientNameOf(event.userPoolId, event.callerContext.clientId)));
