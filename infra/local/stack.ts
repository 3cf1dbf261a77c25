import './quiet-sdk-notices';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assetsBucketDefinition, type AppConfig, type LambdaEnv } from '@reviewroute/shared';
import { startCognito, type LocalCognito } from './cognito';
import { assertJava, startDynamoDbLocal, type LocalDynamoDb } from './dynamodb-local';
import { lambdaEnvironment, localWebConfig, type LocalResources } from './env';
import { bindGateway, serveGateway } from './gateway';
import { trackRequests } from './drain';
import { createHandlerLoader } from './handlers';
import { LOCAL_HOST, assertPortFree, closeServer, freePort } from './ports';
import { provisionTable, provisionUserPool } from './provision';
import { startMollie } from './mollie';
import { startS3, type LocalS3 } from './s3';
import { startSes, type LocalSes } from './ses';
import { startSesEventsTwin } from './ses-events';
import { startSms } from './sms';
import { startWeb, type LocalWeb } from './web';
import { startWorkers } from './workers';
import { createLocalFailureQueues, localLambdaFile } from './failures';
import { ownerRequestRuleOf } from '@reviewroute/functions/data/owner-request-limit';
import { ownerTokenWafLimitOf } from '../src/config';
import { startLambdaTwin } from './lambda-twin';

/**
 * The key the owner mails' links are signed with, kept in the data directory: a link in a mail of the local inbox
 * keeps working after a restart of a persisted stack (a fresh data directory draws a new one).
 */
async function mailLinkSecretIn(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'mail-link-secret');
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept.trim()) return kept.trim();
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

export interface LocalStackPorts {
  /** Vite dev server (only with `web: true`). */
  app: number;
  /** Local API gateway, CloudFront's door (serves /api/*, /config.json and /files/*). */
  api: number;
  /** The API's own endpoint (execute-api's twin): refuses a request without the origin-verify value. */
  apiEndpoint: number;
  /** SES emulator: API, web inbox at `/`, JSON at `/store`. */
  inbox: number;
  dynamodb: number;
  s3: number;
  cognito: number;
  /** The local Mollie: its payments API (HTTPS) and hosted checkout (HTTP) on one port. */
  mollie: number;
  /** The local End User Messaging SMS: its API, the phone view at `/` and the tests' JSON (`/texts`). */
  sms: number;
}

/** What `npm start` uses; the README and the web app's Vite config refer to these. */
export const DEFAULT_PORTS: LocalStackPorts = {
  app: 5173,
  api: 3001,
  apiEndpoint: 3002,
  inbox: 8005,
  dynamodb: 8000,
  s3: 4568,
  // Not cognito-local's 9229: that is Node's --inspect port, and debugging handlers locally is common.
  cognito: 9329,
  mollie: 8010,
  sms: 8006,
};

/** How long a stop waits for the API's requests in flight (a submit takes milliseconds; its retries, a few seconds). */
const apiDrainMs = 10_000;

/** All ports 0: the OS picks free ones (tests, several stacks side by side). */
export const FREE_PORTS: LocalStackPorts = {
  app: 0,
  api: 0,
  apiEndpoint: 0,
  inbox: 0,
  dynamodb: 0,
  s3: 0,
  cognito: 0,
  mollie: 0,
  sms: 0,
};

export interface LocalStackOptions {
  /** Where DynamoDB (when persisted), s3rver and cognito-local keep data; a temp dir (removed on stop) if omitted. */
  dataDir?: string;
  /** Ports per service; 0 = a free port. Defaults to all free. */
  ports?: Partial<LocalStackPorts>;
  /** Start the Vite dev server too. */
  web?: boolean;
  /**
   * The origin the app is served from when something else serves it (a test run's production build): S3's
   * CORS, the Lambdas' SITE_ORIGIN and so the links in mails. Default: Vite's origin, else the gateway's.
   */
  siteOrigin?: string;
  /**
   * Test runs: the web server neither watches the tree nor shares Vite's dependency cache, so edits made
   * during a run (or a running `npm start`) cannot reload its pages or race its pre-bundling.
   */
  isolatedWeb?: boolean;
  /** DynamoDB on disk in `<dataDir>/dynamodb` instead of in memory. */
  persist?: boolean;
  /** One line per API request and emulator notes; silent when omitted. */
  log?: (line: string) => void;
  /** POWERTOOLS_LOG_LEVEL for the handlers (default WARN when `log` is omitted, else INFO). */
  handlerLogLevel?: string;
  /** Variables added to or replacing the handlers' Lambda environment (a bench's limits). */
  env?: Partial<LambdaEnv>;
  /** Reload handlers after edits under functions/src or shared/src (`npm start`). */
  reloadHandlers?: boolean;
}

export interface LocalStackUrls {
  app?: string;
  /** CloudFront's door to the API (it adds the origin-verify value): what the app's origin proxies to. */
  api: string;
  /** The API's own endpoint (execute-api's twin): a request without the origin-verify value is refused here. */
  apiEndpoint: string;
  inbox: string;
  dynamodb: string;
  s3: string;
  /** The Cognito endpoint for SDK clients and the browser; tokens' issuer is `${cognito}/${userPoolId}`. */
  cognito: string;
  /** The local Mollie's hosted checkout (plain HTTP); its API is `env.MOLLIE_API_ENDPOINT`. */
  mollie: string;
  /** The local SMS service's phone view (also `{inbox}/phone`); JSON of the texts at `/texts`. */
  sms: string;
}

export interface LocalStack {
  urls: LocalStackUrls;
  /** What the gateway serves as /config.json. */
  webConfig: AppConfig;
  /** The Lambda environment the handlers are made with (this process's own environment is left alone). */
  env: LambdaEnv;
  resources: LocalResources;
  dataDir: string;
  /** PID of the DynamoDB Local JVM, the one child process (diagnostics, orphan checks). */
  dynamodbPid: number;
  stop(): Promise<void>;
}

/**
 * Starts the whole local AWS in this process: DynamoDB Local (a java child), s3rver, cognito-local,
 * the SES emulator, the API gateway and optionally Vite; provisions table, bucket, pool and client
 * idempotently. The handlers run in this process, made with the stack's own Lambda environment, so
 * several stacks can run side by side (or one after another) in one process.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const ports: LocalStackPorts = { ...FREE_PORTS, ...options.ports };
  const log = options.log;
  const ownsDataDir = !options.dataDir;
  const dataDir = path.resolve(options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'reviewroute-local-'))));
  await mkdir(dataDir, { recursive: true });

  const stops: (() => Promise<void>)[] = [];
  /** Runs before `stops`: the API takes no more requests and finishes those it has while every emulator still serves. */
  let drainApi: (() => Promise<void>) | undefined;
  const stopAll = async () => {
    // API first, DynamoDB later: a customer answered 2xx must find the write stored after a restart (and
    // requests still arriving while DynamoDB Local shuts down could be acknowledged and then lost).
    await drainApi?.().catch((error: unknown) => log?.(`stop failed: ${String(error)}`));
    // Reverse start order; one failing stop must not leave the rest running.
    for (const stop of stops.splice(0).reverse())
      await stop().catch((error: unknown) => log?.(`stop failed: ${String(error)}`));
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    // The prerequisites a newcomer may lack are checked before anything starts.
    assertJava();
    // Fixed ports are checked before anything slow starts, so a clash is reported at once.
    const fixed: [string, number][] = [
      ['API gateway', ports.api],
      ['API endpoint', ports.apiEndpoint],
      ['SES inbox', ports.inbox],
      ['DynamoDB Local', ports.dynamodb],
      ['S3', ports.s3],
      ['Cognito', ports.cognito],
      ['Mollie', ports.mollie],
      ['SMS', ports.sms],
    ];
    if (options.web) fixed.push(['app (Vite)', ports.app]);
    for (const [service, port] of fixed) await assertPortFree(service, port);

    // The app origin must be known before S3 gets its CORS rules, so a free one is reserved up front.
    const appPort = options.web ? ports.app || (await freePort()) : undefined;
    const gateway = await bindGateway(ports.api);
    stops.push(() => closeServer(gateway.server));
    const apiEndpoint = await bindGateway(ports.apiEndpoint);
    stops.push(() => closeServer(apiEndpoint.server));
    const appUrl = appPort ? `http://${LOCAL_HOST}:${appPort}` : undefined;
    const siteOrigin = appUrl ?? options.siteOrigin ?? gateway.url;

    // Texts go to a loopback End User Messaging SMS (the real SDK client, pointed at it); the inbox links its phone view.
    const sms = await startSms({
      port: ports.sms,
      ...(options.persist ? { dataDir } : {}),
      ...(log ? { log } : {}),
    });
    stops.push(sms.stop);

    const started = await Promise.allSettled([
      startDynamoDbLocal({
        port: ports.dynamodb,
        ...(options.persist ? { dbPath: path.join(dataDir, 'dynamodb') } : {}),
      }),
      startSes({ port: ports.inbox, redirects: { '/phone': sms.url } }).then(async (ses) => {
        try {
          const cognito = await startCognito({
            port: ports.cognito,
            dataDir: path.join(dataDir, 'cognito'),
            sesUrl: ses.url,
            ...(log
              ? { onMail: (to: string, subject: string) => log(`[mail] "${subject}" to ${to}: open ${ses.url}`) }
              : {}),
          });
          return { ses, cognito };
        } catch (error) {
          await ses.stop();
          throw error;
        }
      }),
      startS3({
        port: ports.s3,
        directory: path.join(dataDir, 's3'),
        allowedOrigins: [siteOrigin, siteOrigin.replace(LOCAL_HOST, '127.0.0.1')],
      }),
    ]);
    const [dynamoResult, mailResult, s3Result] = started;
    if (dynamoResult.status === 'fulfilled') stops.push(dynamoResult.value.stop);
    if (mailResult.status === 'fulfilled') stops.push(mailResult.value.ses.stop, mailResult.value.cognito.stop);
    if (s3Result.status === 'fulfilled') stops.push(s3Result.value.stop);
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const dynamodb = (dynamoResult as PromiseFulfilledResult<LocalDynamoDb>).value;
    const { ses, cognito } = (mailResult as PromiseFulfilledResult<{ ses: LocalSes; cognito: LocalCognito }>).value;
    // The Lambdas send through the twin of SES's event publishing (bounces and complaints of simulator addresses).
    const sesEvents = await startSesEventsTwin(ses.url);
    stops.push(sesEvents.stop);
    const s3 = (s3Result as PromiseFulfilledResult<LocalS3>).value;

    // Payments go to a loopback Mollie (the real client, pointed at it), never to Mollie itself.
    const mollie = await startMollie({
      port: ports.mollie,
      ...(options.persist ? { dataDir } : {}),
      ...(log ? { log } : {}),
    });
    stops.push(mollie.stop);

    const [tableName, pool] = await Promise.all([provisionTable(dynamodb.url), provisionUserPool(cognito.url)]);
    const resources = {
      tableName,
      bucketName: assetsBucketDefinition.localBucketName,
      ...pool,
      originVerifySecret: randomBytes(24).toString('base64url'),
      mailLinkSecret: await mailLinkSecretIn(dataDir),
    };

    // What the triggers give up on goes to local failure queues under the data dir (their alarms in the log and
    // alarms.jsonl); the Lambda twin runs the workers the stream readers hand records to, apart from them.
    const failures = createLocalFailureQueues(dataDir, log);
    const lambda = await startLambdaTwin(failures, log);
    stops.push(lambda.stop);
    await writeFile(localLambdaFile(dataDir), JSON.stringify({ lambda: lambda.url, dynamodb: dynamodb.url }));

    const env = lambdaEnvironment(
      resources,
      {
        lambda: lambda.url,
        dynamodb: dynamodb.url,
        s3: s3.url,
        cognito: cognito.url,
        ses: sesEvents.url,
        sms: sms.url,
        siteOrigin,
        mollie: { apiEndpoint: mollie.apiEndpoint, apiKey: mollie.apiKey },
      },
      options.handlerLogLevel ?? (log ? 'INFO' : 'WARN'),
      options.env,
    );
    const handlers = createHandlerLoader(env, { reload: options.reloadHandlers, ...(log ? { log } : {}) });
    stops.push(async () => handlers.close());
    // The background jobs of the worker table (account erasures left over by the delete request, ...) run
    // here on the local twin of their trigger, as their Lambdas do in AWS.
    stops.push(startWorkers(env, { mailEvents: sesEvents, textEvents: sms, lambda, failures }, log));

    const webConfig = localWebConfig(pool, cognito.url, env);
    const served = serveGateway(gateway.server, {
      port: gateway.port,
      authorizer: { issuer: `${cognito.url}/${pool.userPoolId}`, audience: [pool.userPoolClientId] },
      webConfig,
      originVerifySecret: resources.originVerifySecret,
      // The web ACL's per-token rule over the same per-owner limit the Lambdas hold (raised with it in tests).
      ownerTokenRate: ownerTokenWafLimitOf(ownerRequestRuleOf(env)),
      assets: { s3Url: s3.url, bucket: resources.bucketName },
      loadHandler: handlers.load,
      ...(log ? { log: (line: string) => log(`[api] ${line}`) } : {}),
    });
    served.serveEndpoint(apiEndpoint.server);
    // After serveGateway, which replaces the server's request listeners.
    const requests = trackRequests(gateway.server);
    drainApi = () => requests.drain(apiDrainMs);

    let web: LocalWeb | undefined;
    if (options.web && appPort) {
      web = await startWeb({
        port: appPort,
        apiUrl: gateway.url,
        bucketUrl: `${s3.url}/${resources.bucketName}`,
        ...(log ? { logLevel: 'info' as const } : {}),
        ...(options.isolatedWeb ? { cacheDir: path.join(dataDir, 'vite') } : {}),
      });
      stops.push(web.stop);
    }

    let stopping: Promise<void> | undefined;
    return {
      urls: {
        ...(web ? { app: web.url } : {}),
        api: gateway.url,
        apiEndpoint: apiEndpoint.url,
        inbox: ses.url,
        dynamodb: dynamodb.url,
        s3: s3.url,
        cognito: cognito.url,
        mollie: mollie.url,
        sms: sms.url,
      },
      webConfig,
      env,
      resources,
      dataDir,
      dynamodbPid: dynamodb.pid,
      stop: () => (stopping ??= stopAll()),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
