import { type Stack } from 'aws-cdk-lib';

/**
 * Deployment settings that differ per stage. Everything here is decided at synth time (context values),
 * so `cdk synth` needs no AWS access.
 */
export interface StageConfig {
  /** Short lower-case name (`dev`, `prod`, `pr-12`): part of every stack name and the assets bucket name. */
  readonly stage: string;
  /** Production keeps data when a stack or resource is deleted and turns on deletion protection. */
  readonly isProd: boolean;
  /** Optional custom domain for the site (e.g. `app.reviewroute.nl`); needs `certificateArn` in us-east-1. */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /**
   * Optional sender for Cognito's e-mails (codes, password resets) through SES, e.g.
   * `no-reply@reviewroute.nl`; its domain must be a verified SES identity in the stack's region. Without
   * it Cognito sends from its own address, which AWS limits to a few dozen e-mails a day.
   */
  readonly emailFrom?: string;
  /**
   * Optional operator address that receives the contact form's messages (CONTACT_TO_ADDRESS), e.g.
   * `hello@reviewroute.nl`. They are sent from `emailFrom` (else from this address), so one of them must be
   * a verified SES identity; while the account is in the SES sandbox this one must be verified too. Without
   * it the contact form answers with an error.
   */
  readonly contactEmail?: string;
  /**
   * Optional SSM SecureString parameter name (e.g. `/reviewroute/prod/google-places-api-key`) holding the
   * Google Places API (New) key of the wizard's business finder; the places Lambda may read only it. Without
   * it the finder says search is not configured.
   */
  readonly placesApiKeyParameter?: string;
}

const stagePattern = /^[a-z][a-z0-9-]{0,15}$/;

export function stageConfig(input: {
  stage?: string;
  domainName?: string;
  certificateArn?: string;
  emailFrom?: string;
  contactEmail?: string;
  placesApiKeyParameter?: string;
}): StageConfig {
  const stage = input.stage ?? 'dev';
  if (!stagePattern.test(stage)) {
    throw new Error(
      `Invalid stage "${stage}": use 1-16 lower-case letters, digits or hyphens, starting with a letter.`,
    );
  }
  if (Boolean(input.domainName) !== Boolean(input.certificateArn)) {
    throw new Error('Context values domainName and certificateArn go together (the certificate must be in us-east-1).');
  }
  if (input.emailFrom !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.emailFrom)) {
    throw new Error(`Invalid emailFrom "${input.emailFrom}": expected an address such as no-reply@example.com.`);
  }
  if (input.contactEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.contactEmail)) {
    throw new Error(`Invalid contactEmail "${input.contactEmail}": expected an address such as hello@example.com.`);
  }
  if (input.placesApiKeyParameter !== undefined && !/^\/[A-Za-z0-9_.\-/]+$/.test(input.placesApiKeyParameter)) {
    throw new Error(
      `Invalid placesApiKeyParameter "${input.placesApiKeyParameter}": expected an SSM parameter name such as /reviewroute/prod/google-places-api-key.`,
    );
  }
  return {
    stage,
    isProd: stage === 'prod',
    ...(input.domainName ? { domainName: input.domainName, certificateArn: input.certificateArn } : {}),
    ...(input.emailFrom ? { emailFrom: input.emailFrom } : {}),
    ...(input.contactEmail ? { contactEmail: input.contactEmail } : {}),
    ...(input.placesApiKeyParameter ? { placesApiKeyParameter: input.placesApiKeyParameter } : {}),
  };
}

/**
 * The survey-assets bucket has a deterministic name so that the web stack (CloudFront origin, CSP) can
 * refer to it without a cross-stack reference: the storage stack in turn needs the distribution (OAC
 * grant, CORS origin), and references in both directions would be a dependency cycle.
 */
export const assetsBucketName = (stack: Stack, stage: string): string =>
  `reviewroute-${stage}-assets-${stack.account}-${stack.region}`;

/** Default stage throttling of the HTTP API (per account and region, all routes together). */
export const apiThrottle = { rateLimit: 100, burstLimit: 200 } as const;

/** Browser-facing path under which CloudFront serves survey-assets objects: `/files/{key}`. */
export const assetsPathPrefix = '/files';
