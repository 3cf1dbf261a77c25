import { Match, type Template } from 'aws-cdk-lib/assertions';
import {
  activeDomains,
  originVerifyHeader,
  ownerRequestLimit,
  routeKey,
  routes,
  streamFilterPattern,
  streamReaders,
  streamReaderHandoffs,
  streamReaderTimeoutSeconds,
  streamReaderWorkers,
  workers,
} from '@reviewroute/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainAccess, workerAccess } from '../access';
import { ownerTokenWafLimit, routeThrottleOf } from '../config';
import { mollieApiKeyPlaceholder, mollieApiKeySecretName } from './api-stack';
import { originVerifySecretName } from './gateway-stack';
import { pascal } from './lambda-function';
import { synthTestApp, type TestApp } from '../../testing/test-app';

describe('api + gateway stacks', () => {
  let app: TestApp;
  let api: Template;
  let gateway: Template;
  beforeAll(() => {
    // Real esbuild bundling: proves every domain's handler module bundles.
    app = synthTestApp({ bundle: true });
    api = app.template('api');
    gateway = app.template('gateway');
    // Bundling every Lambda (one per domain and per worker) took over the default 2 minutes on a busy machine.
  }, 600_000);
  afterAll(() => app.cleanup());
  /** The Lambdas of the worker table: the scheduled and mail-events workers', and the stream readers'. */
  const backgroundLambdas = workers.filter((w) => w.trigger.kind !== 'stream').length + streamReaders.length;

  it('has one nodejs22.x arm64 Lambda per active API domain, with the agreed environment', () => {
    const functions = api.findResources('AWS::Lambda::Function');
    // One per domain, plus one per worker of the worker table, the stream workers' being their readers'.
    expect(Object.keys(functions)).toHaveLength(activeDomains().length + backgroundLambdas);
    for (const domain of activeDomains()) {
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: `ReviewRoute API: ${domain} domain`,
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Environment: {
          Variables: Match.objectLike({
            TABLE_NAME: Match.anyValue(),
            ASSETS_BUCKET: Match.anyValue(),
            USER_POOL_ID: Match.anyValue(),
            // The account Lambda proves passwords as the web client (public anyway: /config.json carries it).
            USER_POOL_CLIENT_ID: Match.anyValue(),
            SITE_ORIGIN: { 'Fn::Join': ['', ['https://', Match.anyValue()]] },
            // CloudFront serves the bucket's public prefix at the same path: `{origin}/files/...` is `{origin}/{key}`.
            ASSETS_PUBLIC_BASE_URL: { 'Fn::Join': ['', ['https://', Match.anyValue()]] },
            ORIGIN_VERIFY_SECRET_ARN: { 'Fn::ImportValue': Match.stringLikeRegexp('Gateway:.*OriginVerifySecret') },
            POWERTOOLS_SERVICE_NAME: 'reviewroute',
            POWERTOOLS_LOG_LEVEL: Match.anyValue(),
          }),
        },
      });
    }
  });

  it('bundles each Lambda from its own entry', () => {
    const code = Object.values(api.findResources('AWS::Lambda::Function')).map(
      (fn) => (fn.Properties as { Code: { S3Key: string } }).Code.S3Key,
    );
    expect(code).toHaveLength(activeDomains().length + backgroundLambdas);
    expect(new Set(code).size).toBe(code.length);
  });

  /** The Allow statements of one domain's role policy. */
  const statementsOf = (domain: string): { Action: string | string[]; Resource: unknown }[] => {
    const pascal = domain.charAt(0).toUpperCase() + domain.slice(1);
    const policies = Object.entries(api.findResources('AWS::IAM::Policy')).filter(([id]) =>
      id.startsWith(`${pascal}RoleDefaultPolicy`),
    );
    expect(policies, domain).toHaveLength(1);
    return policies[0]![1].Properties.PolicyDocument.Statement;
  };
  const actionsOf = (domain: string): string[] =>
    statementsOf(domain).flatMap((st) => (Array.isArray(st.Action) ? st.Action : [st.Action]));

  it('grants each domain exactly its DynamoDB and S3 actions from the per-domain map', () => {
    for (const domain of activeDomains()) {
      const access = domainAccess[domain];
      const granted = actionsOf(domain);
      expect(granted.filter((a) => a.startsWith('dynamodb:')).sort(), domain).toEqual([...(access.table ?? [])].sort());
      const objectActions = new Set((access.assets ?? []).flatMap((a) => a.actions));
      expect(new Set(granted.filter((a) => a.startsWith('s3:') && a !== 's3:ListBucket')), domain).toEqual(
        objectActions,
      );
    }
    const all = JSON.stringify(api.findResources('AWS::IAM::Policy'));
    expect(all).not.toContain('dynamodb:*');
    expect(all).not.toContain('s3:*');
    expect(all).not.toContain('/index/*');
  });

  it('gives the public Lambda no S3 at all and no delete', () => {
    const granted = actionsOf('public');
    expect(granted.filter((a) => a.startsWith('s3:'))).toEqual([]);
    expect(granted).not.toContain('dynamodb:DeleteItem');
    expect(granted).not.toContain('dynamodb:BatchWriteItem');
    expect(granted).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
  });

  it('scopes survey uploads to the incoming/ and files/ prefixes, and invalidations to the distribution', () => {
    const statements = JSON.stringify(statementsOf('surveys'));
    expect(statements).toContain('reviewroute-dev-assets-123456789012-eu-west-1/incoming/*');
    expect(statements).toContain('reviewroute-dev-assets-123456789012-eu-west-1/files/*');
    expect(statements).not.toContain('eu-west-1/*');
    api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'cloudfront:CreateInvalidation',
            Resource: Match.objectLike({ 'Fn::Join': Match.anyValue() }),
          }),
        ]),
      },
    });
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'ReviewRoute API: surveys domain',
      Environment: {
        Variables: Match.objectLike({ ASSETS_DISTRIBUTION_ID: { 'Fn::ImportValue': Match.stringLikeRegexp('Web:') } }),
      },
    });
  });

  /** The api stack's two secrets: the Mollie key (named, a placeholder) and the generated mail-link key. */
  const secretIds = () => {
    const secrets = Object.entries(api.findResources('AWS::SecretsManager::Secret'));
    const mollie = secrets.find(([, r]) => r.Properties.Name === mollieApiKeySecretName('dev'))![0];
    const mailLink = secrets.find(([, r]) => r.Properties.GenerateSecretString !== undefined)![0];
    return { mollie, mailLink };
  };

  it('lets every Lambda read the origin-verify secret, only the payments and account Lambdas the Mollie key and only the surveys and requests Lambdas the mail-link key too', () => {
    const { mollie, mailLink } = secretIds();
    for (const domain of activeDomains()) {
      const secretStatements = statementsOf(domain).filter((st) =>
        JSON.stringify(st.Action).includes('secretsmanager'),
      );
      const originVerify = { 'Fn::ImportValue': expect.stringMatching(/Gateway:.*OriginVerifySecret/) };
      expect(secretStatements, domain).toEqual([
        {
          Effect: 'Allow',
          Action: 'secretsmanager:GetSecretValue',
          // CDK merges the two grants of the payments (surveys, requests) role into one statement.
          Resource:
            domain === 'payments' || domain === 'account'
              ? [originVerify, { Ref: mollie }]
              : domain === 'surveys' || domain === 'requests'
                ? [originVerify, { Ref: mailLink }]
                : originVerify,
        },
      ]);
    }
  });

  it('keeps the Mollie key in its own secret, named for the README, with a placeholder and never in the template', () => {
    api.resourceCountIs('AWS::SecretsManager::Secret', 2);
    api.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: mollieApiKeySecretName('dev'),
      SecretString: mollieApiKeyPlaceholder,
    });
    // The payments Lambda, and the account Lambda for the refund of a plan a deletion within 14 days ends.
    const withKey = ['ReviewRoute API: payments domain', 'ReviewRoute API: account domain'];
    for (const description of withKey)
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: description,
        Environment: {
          Variables: Match.objectLike({
            MOLLIE_API_KEY_SECRET_ARN: { Ref: Match.anyValue() },
            MOLLIE_API_KEY: Match.absent(),
            MOLLIE_API_ENDPOINT: Match.absent(),
          }),
        },
      });
    const others = Object.values(api.findResources('AWS::Lambda::Function')).filter(
      (fn) => !withKey.includes(fn.Properties.Description as string),
    );
    for (const fn of others) expect(JSON.stringify(fn.Properties.Environment)).not.toContain('MOLLIE');
  });

  it('generates the mail-link key and hands its ARN (never a value) to the surveys and requests Lambdas and the alerts (its reader), digests and requests workers only', () => {
    const { mailLink } = secretIds();
    const withKey = Object.values(api.findResources('AWS::Lambda::Function'))
      .filter((fn) => JSON.stringify(fn.Properties.Environment).includes('MAIL_LINK_SECRET'))
      .map((fn) => {
        expect(fn.Properties.Environment.Variables.MAIL_LINK_SECRET_ARN).toEqual({ Ref: mailLink });
        expect(fn.Properties.Environment.Variables.MAIL_LINK_SECRET).toBeUndefined();
        return fn.Properties.Description as string;
      });
    expect(withKey.sort()).toEqual([
      'ReviewRoute API: requests domain',
      'ReviewRoute API: surveys domain',
      'ReviewRoute low-rating digest worker',
      'ReviewRoute review-request sending worker',
      'ReviewRoute stream reader: owner jobs (low-rating alerts, hand-off of CSV exports)',
    ]);
  });

  it('hands the written surveys’ key value store (the web stack’s) to the surveys and account Lambdas and the erasure worker only, with its three actions on it alone', () => {
    const store = { 'Fn::ImportValue': expect.stringMatching(/Web:.*SurveyPagesStore/) };
    const withStore = Object.values(api.findResources('AWS::Lambda::Function'))
      .filter((fn) => JSON.stringify(fn.Properties.Environment).includes('SURVEY_PAGES_STORE_ARN'))
      .map((fn) => {
        expect(fn.Properties.Environment.Variables.SURVEY_PAGES_STORE_ARN).toEqual(store);
        return fn.Properties.Description as string;
      });
    expect(withStore.sort()).toEqual([
      'ReviewRoute API: account domain',
      'ReviewRoute API: surveys domain',
      'ReviewRoute account erasure worker',
    ]);
    const storeStatements = Object.values(api.findResources('AWS::IAM::Policy')).flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]).filter((st) =>
        JSON.stringify(st.Action).includes('cloudfront-keyvaluestore'),
      ),
    );
    expect(storeStatements).toHaveLength(3);
    for (const statement of storeStatements) {
      expect(statement).toEqual({
        Effect: 'Allow',
        Action: [
          'cloudfront-keyvaluestore:DeleteKey',
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:PutKey',
        ],
        Resource: store,
      });
    }
  });

  it('reserves concurrency for the public Lambda only', () => {
    const reserved = Object.values(api.findResources('AWS::Lambda::Function')).filter(
      (fn) => fn.Properties.ReservedConcurrentExecutions !== undefined,
    );
    expect(reserved).toHaveLength(1);
    expect(reserved[0]!.Properties).toMatchObject({
      Description: 'ReviewRoute API: public domain',
      ReservedConcurrentExecutions: app.stacks.config.publicConcurrency,
    });
  });

  it('lets only the account, payments, exports, places and surveys Lambdas and the erasure, alerts (its reader), digests, requests, mail-events, text-events and pause-notices workers use Cognito, on our pool, with exactly their actions', () => {
    const policies = api.findResources('AWS::IAM::Policy');
    const cognitoStatements = Object.entries(policies).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
        .filter((st) => JSON.stringify(st.Action).includes('cognito-idp'))
        .map((st) => ({ id, ...st })),
    );
    expect(cognitoStatements.map((st) => st.id.replace(/DefaultPolicy.*$/, '')).sort()).toEqual([
      'AccountRole',
      'DigestsWorkerRole',
      'ErasureWorkerRole',
      'ExportsRole',
      'MailEventsWorkerRole',
      'OwnerJobsStreamReaderRole',
      'PauseNoticesWorkerRole',
      'PaymentsRole',
      'PlacesRole',
      'RequestsWorkerRole',
      'SurveysRole',
      'TextEventsWorkerRole',
    ]);
    const erasure = [
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminDeleteUser',
    ];
    const actionsOf = (id: string) => [cognitoStatements.find((st) => st.id.startsWith(id))!.Action].flat().sort();
    // Beside the erasure: the owner's address, and the password (and code) proof before the security changes.
    expect(actionsOf('AccountRole')).toEqual(
      [
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminInitiateAuth',
        'cognito-idp:AdminRespondToAuthChallenge',
        'cognito-idp:AdminSetUserMFAPreference',
        'cognito-idp:AdminUpdateUserAttributes',
        ...erasure,
      ].sort(),
    );
    expect(actionsOf('ErasureWorkerRole')).toEqual(erasure.sort());
    // The owner mails read the owner's address and language, nothing else.
    expect(actionsOf('PaymentsRole')).toEqual(['cognito-idp:AdminGetUser']);
    expect(actionsOf('OwnerJobsStreamReaderRole')).toEqual(['cognito-idp:AdminGetUser']);
    // The review requests' daily cap reads the account's creation date (the trial's start).
    expect(actionsOf('RequestsWorkerRole')).toEqual(['cognito-idp:AdminGetUser']);
    expect(actionsOf('DigestsWorkerRole')).toEqual(['cognito-idp:AdminGetUser']);
    // A CSV export's headers are in the owner's language.
    expect(actionsOf('ExportsRole')).toEqual(['cognito-idp:AdminGetUser']);
    // A bounce is recorded only while the owner's account is still enabled.
    expect(actionsOf('MailEventsWorkerRole')).toEqual(['cognito-idp:AdminGetUser']);
    // So is a text's delivery report or STOP reply.
    expect(actionsOf('TextEventsWorkerRole')).toEqual(['cognito-idp:AdminGetUser']);
    // A pause notice goes to the owner's address, in their language.
    expect(actionsOf('PauseNoticesWorkerRole')).toEqual(['cognito-idp:AdminGetUser']);
    // The plan (its trial's start): the place-search allowance and the active-survey limit on publish.
    expect(actionsOf('PlacesRole')).toEqual(['cognito-idp:AdminGetUser']);
    expect(actionsOf('SurveysRole')).toEqual(['cognito-idp:AdminGetUser']);
    for (const st of cognitoStatements)
      expect(st).toMatchObject({
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:aws:cognito-idp:eu-west-1:123456789012:userpool/',
              { 'Fn::ImportValue': expect.stringMatching(/^ReviewRoute-dev-Auth:ExportsOutputRefUserPool[0-9A-F]/) },
            ],
          ],
        },
      });
    // Each worker runs on its table entry's trigger (the erasure worker: every minute), the stream workers in
    // their readers' Lambdas.
    expect(workers.find((w) => w.id === 'erasure')?.trigger).toMatchObject({ kind: 'schedule', everyMinutes: 1 });
    const fnArnOf = (name: string) => ({ 'Fn::GetAtt': [Match.stringLikeRegexp(`^${name}Function`), 'Arn'] });
    for (const worker of workers) {
      const { trigger } = worker;
      if (trigger.kind === 'stream') continue;
      const fnArn = fnArnOf(`${pascal(worker.id)}Worker`);
      if (trigger.kind === 'stream-handoff') {
        // Started by its reader (an async invoke): Lambda's queue retries it, then hands it to its failure queue.
        api.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
          FunctionName: { Ref: Match.stringLikeRegexp(`^${pascal(worker.id)}WorkerFunction`) },
          MaximumRetryAttempts: trigger.retryAttempts,
          MaximumEventAgeInSeconds: trigger.maxEventAgeSeconds,
          DestinationConfig: {
            OnFailure: {
              Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp(`^${pascal(worker.id)}WorkerFailureQueue`), 'Arn'] },
            },
          },
        });
        const reader = `${pascal(trigger.reader)}StreamReader`;
        api.hasResourceProperties('AWS::Lambda::Function', {
          Description: streamReaders.find((r) => r.id === trigger.reader)!.description,
          Environment: {
            Variables: Match.objectLike({
              [trigger.functionVariable]: { Ref: Match.stringLikeRegexp(`^${pascal(worker.id)}WorkerFunction`) },
            }),
          },
        });
        api.hasResourceProperties('AWS::IAM::Policy', {
          Roles: [{ Ref: Match.stringLikeRegexp(`^${reader}Role`) }],
          PolicyDocument: {
            Statement: Match.arrayWith([
              // The unqualified function alone: no version or alias (`:*`).
              Match.objectLike({ Action: 'lambda:InvokeFunction', Resource: fnArn }),
            ]),
          },
        });
      } else if (trigger.kind === 'schedule') {
        const minutes = trigger.everyMinutes;
        api.hasResourceProperties('AWS::Events::Rule', {
          ScheduleExpression: `rate(${minutes} minute${minutes === 1 ? '' : 's'})`,
          Targets: [Match.objectLike({ Arn: fnArn })],
        });
      } else if (trigger.kind === 'mail-events') {
        // SES's events of the configuration set every mail is sent with, on the default bus.
        api.hasResourceProperties('AWS::Events::Rule', {
          EventPattern: {
            source: ['aws.ses'],
            'detail-type': ['Email Bounced', 'Email Complaint Received', 'Email Delivered'],
          },
          Targets: [Match.objectLike({ Arn: fnArn })],
        });
        api.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
          EventDestination: Match.objectLike({
            MatchingEventTypes: ['bounce', 'complaint', 'delivery'],
            Enabled: true,
          }),
        });
      } else {
        // End User Messaging's text events and replies: the texts' topic, the worker subscribed.
        api.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', Endpoint: fnArn });
      }
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: worker.description,
        Timeout: worker.timeoutSeconds,
      });
    }
    // No more readers of the table's stream than its shards serve at once: one mapping per reader.
    expect(Object.keys(api.findResources('AWS::Lambda::EventSourceMapping'))).toHaveLength(streamReaders.length);
    for (const reader of streamReaders) {
      api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: Match.stringLikeRegexp(`^${pascal(reader.id)}StreamReaderFunction`) },
        EventSourceArn: Match.anyValue(),
        StartingPosition: 'TRIM_HORIZON',
        BatchSize: reader.batchSize,
        BisectBatchOnFunctionError: true,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        MaximumRetryAttempts: reader.retryAttempts,
        // The records of the workers it runs and of those it hands records to, each pattern once.
        FilterCriteria: {
          Filters: [
            ...new Set(
              [...streamReaderWorkers(reader.id), ...streamReaderHandoffs(reader.id)].map((worker) =>
                JSON.stringify(streamFilterPattern(worker.trigger.records)),
              ),
            ),
          ].map((pattern) => ({ Pattern: pattern })),
        },
      });
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: reader.description,
        Timeout: streamReaderTimeoutSeconds(reader.id),
      });
    }
  });

  it('keeps what a trigger gives up on: a failure queue per stream reader and Lambda-invoking rule, each alarmed', () => {
    const queueOf = (name: string) => Match.stringLikeRegexp(`^${name}FailureQueue`);
    for (const reader of streamReaders) {
      const name = `${pascal(reader.id)}StreamReader`;
      api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: Match.stringLikeRegexp(`^${name}Function`) },
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueOf(name), 'Arn'] } } },
        // Well inside the stream's 24 hours, so a record given up on can still be replayed from it.
        MaximumRecordAgeInSeconds: 6 * 60 * 60,
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: reader.retryAttempts,
      });
    }
    const mappings = Object.values(api.findResources('AWS::Lambda::EventSourceMapping'));
    for (const mapping of mappings) expect(mapping.Properties.DestinationConfig.OnFailure).toBeDefined();

    // Every target of every rule that invokes a Lambda: a DLQ and a bounded retry policy.
    const lambdaTargets = Object.values(api.findResources('AWS::Events::Rule')).flatMap((rule) =>
      (rule.Properties.Targets as { Arn: unknown }[]).filter((target) =>
        JSON.stringify(target.Arn).includes('Function'),
      ),
    );
    const ruleTargets = workers.filter((w) => w.trigger.kind === 'schedule' || w.trigger.kind === 'mail-events');
    expect(lambdaTargets).toHaveLength(ruleTargets.length);
    for (const target of lambdaTargets) {
      expect(target).toMatchObject({
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [expect.stringMatching(/FailureQueue/), 'Arn'] } },
        RetryPolicy: {
          MaximumRetryAttempts: expect.any(Number),
          MaximumEventAgeInSeconds: expect.any(Number),
        },
      });
    }

    // Every asynchronously started worker (a reader's hand-off, SNS's subscriber): its failure queue as the
    // on-failure destination.
    const handoffs = workers.filter((w) => w.trigger.kind === 'stream-handoff' || w.trigger.kind === 'text-events');
    const invokeConfigs = Object.values(api.findResources('AWS::Lambda::EventInvokeConfig'));
    expect(invokeConfigs).toHaveLength(handoffs.length);
    for (const config of invokeConfigs) expect(config.Properties.DestinationConfig.OnFailure).toBeDefined();

    // One queue per stream reader, rule target and hand-off, encrypted and TLS-only, each with its alarm on the topic.
    const queues = api.findResources('AWS::SQS::Queue');
    expect(Object.keys(queues)).toHaveLength(mappings.length + lambdaTargets.length + handoffs.length);
    const alarms = Object.values(api.findResources('AWS::CloudWatch::Alarm'));
    for (const [id, queue] of Object.entries(queues)) {
      expect(queue.Properties.SqsManagedSseEnabled, id).toBe(true);
      api.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
      const alarm = alarms.filter(
        (a) =>
          a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
          JSON.stringify(a.Properties.Dimensions).includes(`"${id}"`),
      );
      expect(alarm, id).toHaveLength(1);
      expect(alarm[0]!.Properties).toMatchObject({
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        AlarmActions: [{ Ref: expect.stringMatching(/^AlarmTopic/) }],
      });
    }
  });

  it('gives each stream reader what its workers may do, and no more', () => {
    /** Every action any policy of the role allows. */
    const actionsOf = (role: string) =>
      new Set(
        Object.values(api.findResources('AWS::IAM::Policy'))
          .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(role))
          .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[])
          .flatMap((st) => [st.Action].flat()),
      );
    // The stats, funnel and website-reviews workers read the stream, read the table and write their items (the
    // widget's in a transaction with a response's check), nothing else; Lambda sends what the reader gives up on to
    // its own failure queue, with the reader's role.
    const tallies = actionsOf('TalliesStreamReaderRole');
    expect([...tallies].sort()).toEqual(
      [
        'dynamodb:ConditionCheckItem',
        'dynamodb:DescribeStream',
        'dynamodb:GetItem',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:SendMessage',
      ].sort(),
    );
    for (const reader of streamReaders) {
      const name = `${pascal(reader.id)}StreamReader`;
      const sqsResources = Object.values(api.findResources('AWS::IAM::Policy'))
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`${name}Role`))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
        .filter((st) => JSON.stringify(st.Action).includes('sqs:'))
        .map((st) => JSON.stringify(st.Resource));
      expect(sqsResources, name).toHaveLength(1);
      expect(sqsResources[0]).toMatch(new RegExp(`^\\{"Fn::GetAtt":\\["${name}FailureQueue[0-9A-F]+","Arn"\\]\\}$`));
    }
    // The alerts worker reads owners in Cognito (its mail rights need a sender, which the test app has not);
    // the exports worker, in its own Lambda, writes the files: the reader only starts it.
    const ownerJobs = actionsOf('OwnerJobsStreamReaderRole');
    for (const action of [...workerAccess.alerts.table!, 'cognito-idp:AdminGetUser', 'lambda:InvokeFunction'])
      expect(ownerJobs, action).toContain(action);
    expect(ownerJobs).not.toContain('dynamodb:DeleteItem');
    expect(ownerJobs).not.toContain('s3:PutObject');
    const exportsWorker = actionsOf('ExportsWorkerRole');
    for (const action of [...workerAccess.exports.table!, 's3:PutObject', 's3:AbortMultipartUpload'])
      expect(exportsWorker, action).toContain(action);
  });

  /** The REST API methods, by `METHOD /path` (the route key), with their resource's path rebuilt from the tree. */
  const methodsByRouteKey = () => {
    const resources = api.findResources('AWS::ApiGateway::Resource');
    const pathOf = (ref: unknown): string => {
      const id = (ref as { Ref?: string }).Ref;
      const resource = id ? resources[id] : undefined;
      if (!resource) return '';
      const { ParentId, PathPart } = resource.Properties as { ParentId: unknown; PathPart: string };
      return `${pathOf(ParentId)}/${PathPart}`;
    };
    return new Map(
      Object.values(api.findResources('AWS::ApiGateway::Method')).map((method) => {
        const props = method.Properties as { HttpMethod: string; ResourceId: unknown };
        return [`${props.HttpMethod} ${pathOf(props.ResourceId)}`, props as Record<string, unknown>];
      }),
    );
  };

  it('has one REST API method per route-table entry on its domain Lambda; the Cognito authorizer guards owner routes only', () => {
    const methods = methodsByRouteKey();
    expect(methods.size).toBe(routes.length);
    for (const route of routes) {
      const method = methods.get(routeKey(route));
      expect(method, routeKey(route)).toBeDefined();
      expect(method, routeKey(route)).toMatchObject({
        ...(route.auth === 'owner'
          ? {
              AuthorizationType: 'COGNITO_USER_POOLS',
              AuthorizerId: { Ref: expect.stringMatching(/^CognitoAuthorizer/) },
            }
          : { AuthorizationType: 'NONE' }),
        Integration: {
          Type: 'AWS_PROXY',
          IntegrationHttpMethod: 'POST',
          Uri: expect.objectContaining({
            'Fn::Join': [
              '',
              expect.arrayContaining([
                { 'Fn::GetAtt': [expect.stringMatching(new RegExp(`^${pascal(route.domain)}Function`)), 'Arn'] },
              ]),
            ],
          }),
        },
      });
      if (route.auth === 'public') expect(method).not.toHaveProperty('AuthorizerId');
    }
    // One invoke permission per domain Lambda, for the stage only (not one per method).
    const permissions = Object.values(api.findResources('AWS::Lambda::Permission')).filter(
      (p) => p.Properties.Principal === 'apigateway.amazonaws.com',
    );
    expect(permissions).toHaveLength(new Set(routes.map((r) => r.domain)).size);
    for (const permission of permissions)
      expect(JSON.stringify(permission.Properties.SourceArn)).toContain('/live/*/*');
  });

  it('trusts ID tokens of our user pool, never cached', () => {
    const authorizers = Object.values(api.findResources('AWS::ApiGateway::Authorizer'));
    expect(authorizers).toHaveLength(1);
    expect(authorizers[0]!.Properties).toMatchObject({
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 0,
    });
    expect(JSON.stringify(authorizers[0]!.Properties.ProviderARNs)).toMatch(/userpool\/.*ExportsOutputRefUserPool/);
  });

  it('throttles every method by its throttle class in the route table and logs access without IPs', () => {
    const routeThrottle = routeThrottleOf(app.stacks.config);
    const [stage, ...more] = Object.values(api.findResources('AWS::ApiGateway::Stage'));
    expect(more).toHaveLength(0);
    const { MethodSettings, AccessLogSetting, StageName } = stage!.Properties as {
      MethodSettings: {
        HttpMethod: string;
        ResourcePath: string;
        ThrottlingRateLimit: number;
        ThrottlingBurstLimit: number;
      }[];
      AccessLogSetting: { DestinationArn: unknown; Format: string };
      StageName: string;
    };
    expect(StageName).toBe('live');
    const settingOf = (method: string, path: string) =>
      MethodSettings.find((m) => m.HttpMethod === method && m.ResourcePath === path);
    // The stage's default: the stricter public limits.
    expect(settingOf('*', '/*')).toMatchObject({
      ThrottlingRateLimit: routeThrottle.public.rateLimit,
      ThrottlingBurstLimit: routeThrottle.public.burstLimit,
    });
    for (const route of routes) {
      expect(settingOf(route.method, `/${route.path.replaceAll('/', '~1')}`), routeKey(route)).toMatchObject({
        ThrottlingRateLimit: routeThrottle[route.throttle].rateLimit,
        ThrottlingBurstLimit: routeThrottle[route.throttle].burstLimit,
      });
    }
    expect(AccessLogSetting.DestinationArn).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^AccessLogs/), 'Arn'] });
    expect(AccessLogSetting.Format).toContain('$context.requestId');
    expect(JSON.stringify(stage)).not.toContain('sourceIp');
    // The deployment the stage serves is made after every method.
    const [deployment] = Object.values(api.findResources('AWS::ApiGateway::Deployment'));
    expect(deployment!.DependsOn).toEqual(
      expect.arrayContaining(Object.keys(api.findResources('AWS::ApiGateway::Method'))),
    );
    gateway.resourceCountIs('AWS::ApiGateway::Stage', 0);
    gateway.resourceCountIs('AWS::ApiGateway::Deployment', 0);
  });

  it('lets nothing reach a throttle or a Lambda without the origin secret: the one stage is behind the regional web ACL that blocks requests lacking CloudFront’s value', () => {
    // No other door to a Lambda: no HTTP API, no function URL, no second REST API or stage.
    for (const template of [api, gateway]) {
      template.resourceCountIs('AWS::ApiGatewayV2::Api', 0);
      template.resourceCountIs('AWS::Lambda::Url', 0);
    }
    gateway.resourceCountIs('AWS::ApiGateway::RestApi', 1);
    api.resourceCountIs('AWS::ApiGateway::RestApi', 0);
    // The association: the one stage and the gateway stack's web ACL.
    const associations = Object.values(api.findResources('AWS::WAFv2::WebACLAssociation'));
    expect(associations).toHaveLength(1);
    const [stageId] = Object.keys(api.findResources('AWS::ApiGateway::Stage'));
    expect(JSON.stringify(associations[0]!.Properties.ResourceArn)).toContain(`"Ref":"${stageId}"`);
    expect(associations[0]!.Properties.WebACLArn).toEqual({
      'Fn::ImportValue': expect.stringMatching(/^ReviewRoute-dev-Gateway:ExportsOutputFnGetAttApiWebAcl.*Arn/),
    });

    // The web ACL: regional, and its first rule blocks (403, the error contract) whatever lacks the secret's value.
    const acls = gateway.findResources('AWS::WAFv2::WebACL');
    expect(Object.keys(acls)).toHaveLength(1);
    const acl = Object.values(acls)[0]!.Properties as {
      Scope: string;
      Rules: { Name: string; Priority: number; Statement: Record<string, never>; Action: unknown }[];
      CustomResponseBodies: Record<string, { Content: string }>;
    };
    expect(acl.Scope).toBe('REGIONAL');
    const first = [...acl.Rules].sort((a, b) => a.Priority - b.Priority)[0]!;
    expect(first.Name).toBe('OnlyFromCloudFront');
    expect(first.Action).toEqual({
      Block: { CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'forbidden' } },
    });
    expect(JSON.parse(acl.CustomResponseBodies.forbidden!.Content)).toMatchObject({ error: { code: 'FORBIDDEN' } });
    // Blocked unless the origin-verify header is exactly the secret's value: one secret, the one CloudFront sends.
    const [secretId, secret] = Object.entries(gateway.findResources('AWS::SecretsManager::Secret'))[0]!;
    expect(secret.Properties.Name).toBe(originVerifySecretName('dev'));
    expect(first.Statement).toEqual({
      NotStatement: {
        Statement: {
          ByteMatchStatement: {
            FieldToMatch: { SingleHeader: { Name: originVerifyHeader } },
            PositionalConstraint: 'EXACTLY',
            SearchString: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] },
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      },
    });

    // Per token before the routes' shared throttle: 429 with Retry-After and the error contract.
    const perToken = acl.Rules.find((r) => r.Name === 'OwnerTokenRate')!;
    expect(perToken.Statement).toMatchObject({
      RateBasedStatement: {
        Limit: ownerTokenWafLimit.limit,
        EvaluationWindowSec: 60,
        AggregateKeyType: 'CUSTOM_KEYS',
        CustomKeys: [{ Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
      },
    });
    expect(perToken.Action).toMatchObject({
      Block: { CustomResponse: { ResponseCode: 429, ResponseHeaders: [{ Name: 'retry-after', Value: '60' }] } },
    });
    expect(ownerTokenWafLimit.limit / ownerTokenWafLimit.windowSeconds).toBeGreaterThanOrEqual(
      ownerRequestLimit.limit / ownerRequestLimit.windowSeconds,
    );
  });

  it('alarms on 5xx, 429s, Lambda errors and throttles, DynamoDB throttles and a stream reader behind', () => {
    const alarms = Object.values(api.findResources('AWS::CloudWatch::Alarm'));
    const text = JSON.stringify(alarms);
    for (const metric of [
      '5XXError',
      'Api429-dev',
      'Errors',
      'Throttles',
      'ReadThrottleEvents',
      'WriteThrottleEvents',
    ]) {
      expect(text, metric).toContain(`"${metric}"`);
    }
    // Every reader's oldest record, a minute at most.
    const lag = alarms.find((alarm) => JSON.stringify(alarm).includes('"IteratorAge"'))!;
    expect(lag.Properties.Threshold).toBe(60_000);
    for (const reader of streamReaders)
      expect(JSON.stringify(lag.Properties.Metrics)).toContain(`${pascal(reader.id)}StreamReaderFunction`);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
    }
    api.hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: '{ $.status = "429" }' });
  });
});
