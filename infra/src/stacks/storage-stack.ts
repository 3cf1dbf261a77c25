import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Bucket, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { assetsBucketDefinition, exportRetentionDays } from '@reviewroute/shared';
import { type Construct } from 'constructs';
import { assetsBucketName, type StageConfig } from '../config';
import { createAccessLogsBucket, privateBucketProps } from './buckets';

const { incomingPrefix, publicPrefix, exportsPrefix } = assetsBucketDefinition;

export interface StorageStackProps extends StackProps {
  readonly config: StageConfig;
  /** `https://{site domain}`: the only origin allowed to upload (presigned POST) from a browser. */
  readonly siteOrigin: string;
  /** The web distribution, which reads objects through OAC and serves them under `/files/*`. */
  readonly distributionArn: string;
}

/** The survey-assets bucket (logos, backgrounds): private, uploaded via presigned POST, read via CloudFront. */
export class StorageStack extends Stack {
  readonly assetsBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageStackProps) {
    super(scope, id, props);
    const { config } = props;

    // Owners' upload requests carry their IP addresses: kept no longer than troubleshooting needs.
    const logsBucket = createAccessLogsBucket(this, 'AccessLogsBucket');

    this.assetsBucket = new Bucket(this, 'AssetsBucket', {
      bucketName: assetsBucketName(this, config.stage),
      ...privateBucketProps,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3/assets/',
      cors: [
        {
          allowedMethods: assetsBucketDefinition.corsAllowedMethods.map((m) => HttpMethods[m]),
          allowedOrigins: [props.siteOrigin],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Location'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads the owner never confirmed (or that the confirm step refused) do not stay.
        { id: 'ExpireIncoming', prefix: incomingPrefix, expiration: Duration.days(1) },
        // CSV exports are fetched within minutes by presigned links; they do not stay.
        { id: 'ExpireExports', prefix: exportsPrefix, expiration: Duration.days(exportRetentionDays) },
      ],
      // Owners' uploaded files: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // What S3BucketOrigin.withOriginAccessControl would add if the bucket were in the web stack, narrowed to
    // the public prefix: unconfirmed uploads under incoming/ are never readable through CloudFront.
    this.assetsBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudFrontOacRead',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.assetsBucket.arnForObjects(`${publicPrefix}*`)],
        conditions: { StringEquals: { 'AWS:SourceArn': props.distributionArn } },
      }),
    );

    new CfnOutput(this, 'AssetsBucketName', { value: this.assetsBucket.bucketName });
  }
}
