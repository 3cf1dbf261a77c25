import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';
import { type Construct } from 'constructs';
import { accessLogDays } from '../config';

/** What every bucket of ours is: private, TLS only, encrypted with S3's key, no ACLs (the owner owns every object). */
export const privateBucketProps = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  encryption: BucketEncryption.S3_MANAGED,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
} as const satisfies BucketProps;

/**
 * A bucket for S3 server access logs: private, and its logs kept no longer than troubleshooting needs (they may
 * name the requester's IP address); retained when its stack goes, as logs are.
 */
export function createAccessLogsBucket(scope: Construct, id: string): Bucket {
  return new Bucket(scope, id, {
    ...privateBucketProps,
    lifecycleRules: [{ expiration: Duration.days(accessLogDays) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
}
