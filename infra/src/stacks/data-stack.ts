import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableV2, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import { tableDefinition } from '@reviewroute/shared';
import { type Construct } from 'constructs';
import { type StageConfig } from '../config';

export interface DataStackProps extends StackProps {
  readonly config: StageConfig;
}

const attributeTypes = { S: AttributeType.STRING, N: AttributeType.NUMBER, B: AttributeType.BINARY } as const;

const attribute = (key: { name: string; type: keyof typeof attributeTypes }): Attribute => ({
  name: key.name,
  type: attributeTypes[key.type],
});

/** The single DynamoDB table, built from the same definition the local stack provisions. */
export class DataStack extends Stack {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { isProd } = props.config;

    this.table = new TableV2(this, 'Table', {
      partitionKey: attribute(tableDefinition.partitionKey),
      sortKey: attribute(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) => ({
        indexName: gsi.indexName,
        partitionKey: attribute(gsi.partitionKey),
        sortKey: attribute(gsi.sortKey),
      })),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      dynamoStream: StreamViewType[tableDefinition.stream],
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: isProd,
      removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}
