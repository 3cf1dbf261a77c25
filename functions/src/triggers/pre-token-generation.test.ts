import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { cognitoAdminScope, scopesToSuppress, serverClientName, withSuppressedScopes } from './pre-token-generation';

const event = (): PreTokenGenerationV2TriggerEvent => ({
  version: '2',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_pool',
  userName: 'owner',
  triggerSource: 'TokenGeneration_Authentication',
  callerContext: { awsSdkVersion: 'aws-sdk-js-3', clientId: 'web-client' },
  request: { userAttributes: { sub: 'owner', email: 'owner@bakery.example' }, groupConfiguration: {} },
  response: { claimsAndScopeOverrideDetails: {} },
});

describe('the pre token generation trigger', () => {
  it("takes the admin scope out of the web app's access tokens, and out of any client it does not know", () => {
    expect(scopesToSuppress('reviewroute-web')).toEqual([cognitoAdminScope]);
    expect(scopesToSuppress(undefined)).toEqual([cognitoAdminScope]);
    const answer = withSuppressedScopes(event(), scopesToSuppress('reviewroute-web'));
    expect(answer.response.claimsAndScopeOverrideDetails.accessTokenGeneration).toEqual({
      scopesToSuppress: ['aws.cognito.signin.user.admin'],
    });
    // The ID token (what the API's authorizer reads) is left as it is.
    expect(answer.response.claimsAndScopeOverrideDetails.idTokenGeneration).toBeUndefined();
  });

  it("leaves the server client's tokens as Cognito made them", () => {
    expect(scopesToSuppress(serverClientName)).toEqual([]);
    expect(withSuppressedScopes(event(), []).response).toEqual({ claimsAndScopeOverrideDetails: {} });
  });
});
