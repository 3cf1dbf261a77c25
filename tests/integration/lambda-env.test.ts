import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CognitoIdentityProviderClient, DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lambdaEnvVariables, pathOf, surveySchema, type LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '@reviewroute/functions/lib/env';
import { type LocalGateway } from '../../infra/local/gateway';
import { createHandlerLoader } from '../../infra/local/handlers';
import { ownerCall, sampleBusiness, type ApiUser, startStackGateway } from '../support/api';
import { createSignedInUser, uniqueEmail } from '../support/cognito';
import { waitForMail } from '../support/inbox';

const stack = inject('localStack');

describe('the Lambda environment of the local stack', () => {
  it('sets every required variable, only names of the shared list, and the resources every Lambda gets', () => {
    for (const [name, need] of Object.entries(lambdaEnvVariables))
      if (need === 'required') expect(stack.env[name as keyof LambdaEnv], name).toBeTruthy();
    expect(Object.keys(stack.env).filter((name) => !(name in lambdaEnvVariables))).toEqual([]);
    expect(stack.env).toMatchObject({
      TABLE_NAME: 'reviewroute',
      ASSETS_BUCKET: 'survey-assets',
      USER_POOL_ID: stack.resources.userPoolId,
      POWERTOOLS_SERVICE_NAME: 'reviewroute',
      AWS_REGION: 'eu-west-1',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(stack.env.SITE_ORIGIN).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('points DynamoDB, S3, Cognito and SES (v2) clients configured from it at the emulators', async () => {
    const env = stack.env;
    const dynamo = new DynamoDBClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_DYNAMODB'));
    const s3 = new S3Client({ ...awsClientConfig(env, 'AWS_ENDPOINT_URL_S3'), forcePathStyle: true });
    const cognito = new CognitoIdentityProviderClient(
      awsClientConfig(env, 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'),
    );
    const ses = new SESv2Client(awsClientConfig(env, 'AWS_ENDPOINT_URL_SES'));
    try {
      expect((await dynamo.send(new ListTablesCommand({}))).TableNames).toContain(env.TABLE_NAME);
      await expect(s3.send(new HeadBucketCommand({ Bucket: env.ASSETS_BUCKET }))).resolves.toBeDefined();
      const pool = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: env.USER_POOL_ID }));
      expect(pool.UserPool?.Id).toBe(stack.resources.userPoolId);

      const to = uniqueEmail('ses');
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'no-reply@reviewroute.local',
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: 'From a handler' }, Body: { Text: { Data: 'hello' } } } },
        }),
      );
      expect((await waitForMail(stack.urls.inbox, to)).subject).toBe('From a handler');
    } finally {
      for (const c of [dynamo, s3, cognito, ses]) c.destroy();
    }
  });
});

/**
 * Handlers get their environment passed, not through process.env: two gateways in this one process,
 * each with its own SITE_ORIGIN, publish survey links on their own origin.
 */
describe('two environments in one process', () => {
  const origins = ['https://one.example', 'https://two.example'];
  let gateways: LocalGateway[] = [];
  let user: ApiUser;

  beforeAll(async () => {
    gateways = await Promise.all(
      origins.map((SITE_ORIGIN) => startStackGateway(stack, createHandlerLoader({ ...stack.env, SITE_ORIGIN }).load)),
    );
    user = await createSignedInUser(stack);
  });
  afterAll(() => Promise.all(gateways.map((g) => g.stop())));

  it('each publishes on its own origin', async () => {
    for (const [i, gateway] of gateways.entries()) {
      const created = surveySchema.parse(
        await ownerCall(gateway.url, user, 'POST', pathOf('create-survey'), sampleBusiness()),
      );
      const published = surveySchema.parse(
        await ownerCall(gateway.url, user, 'POST', pathOf('publish-survey', { surveyId: created.id })),
      );
      expect(published.landingPageUrl).toMatch(new RegExp(`^${origins[i]}/surveys/`));
    }
  });
});
