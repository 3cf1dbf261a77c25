import { Match, type Template } from 'aws-cdk-lib/assertions';
import { tableDefinition, tableKeySchema } from '@reviewroute/shared';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { synthTestApp, type TestApp } from '../../testing/test-app';

describe('data stack', () => {
  let app: TestApp;
  let template: Template;
  beforeAll(() => {
    app = synthTestApp();
    template = app.template('data');
  });
  afterAll(() => app.cleanup());

  it('builds the one table from the shared definition', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      ...tableKeySchema(),
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: 'gsi1pk', AttributeType: 'S' },
        { AttributeName: 'gsi1sk', AttributeType: 'S' },
      ]),
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: tableDefinition.stream },
    });
  });

  it('has point-in-time recovery; a dev stage is deletable', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({
        Replicas: [
          Match.objectLike({
            Region: 'eu-west-1',
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            DeletionProtectionEnabled: false,
          }),
        ],
      }),
    });
  });
});
