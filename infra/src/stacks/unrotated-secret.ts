import { Validations } from 'aws-cdk-lib';
import { Secret, type SecretProps } from 'aws-cdk-lib/aws-secretsmanager';
import { type Construct } from 'constructs';

/**
 * A Secrets Manager secret without scheduled rotation, with cdk-nag's AwsSolutions-SMG4 acknowledged by
 * `whyNotRotated`: each of ours is rotated by hand, or never, for a reason of its own, which the synth keeps
 * beside the secret.
 */
export function unrotatedSecret(scope: Construct, id: string, props: SecretProps, whyNotRotated: string): Secret {
  const secret = new Secret(scope, id, props);
  Validations.of(secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: whyNotRotated });
  return secret;
}
