import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CognitoIdentityProviderClient, DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueEmail } from '../support/cognito';
import { waitForMail } from '../support/inbox';

const stack = inject('localStack');

/** Handlers build SDK clients with `{}`; the Lambda environment alone must point them at the emulators. */
describe('the Lambda environment of the local stack', () => {
  beforeAll(() => {
    Object.assign(process.env, stack.env);
  });

  it('carries the resource names every Lambda gets', () => {
    expect(stack.env).toMatchObject({
      TABLE_NAME: 'reviewroute',
      ASSETS_BUCKET: 'survey-assets',
      USER_POOL_ID: stack.resources.userPoolId,
      USER_POOL_CLIENT_ID: stack.resources.userPoolClientId,
      POWERTOOLS_SERVICE_NAME: 'reviewroute',
      AWS_REGION: 'eu-west-1',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(stack.env.SITE_ORIGIN).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('points DynamoDB, S3, Cognito and SES (v2) clients made with {} at the emulators', async () => {
    const dynamo = new DynamoDBClient({});
    const s3 = new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' });
    const cognito = new CognitoIdentityProviderClient({});
    const ses = new SESv2Client({});
    try {
      expect((await dynamo.send(new ListTablesCommand({}))).TableNames).toContain(process.env.TABLE_NAME);
      await expect(s3.send(new HeadBucketCommand({ Bucket: process.env.ASSETS_BUCKET }))).resolves.toBeDefined();
      const pool = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: process.env.USER_POOL_ID }));
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
