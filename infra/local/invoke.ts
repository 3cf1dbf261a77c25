import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import './quiet-sdk-notices';
import { originVerifyHeader, routeKey, routes, type ApiDomain, type LambdaEnv } from '@reviewroute/shared';
import { lambdaEnvOf } from '@reviewroute/functions/lib/env';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';
import { lambdaContext, type HttpApiEvent } from './gateway';
import { createHandlerLoader } from './handlers';
import { trustStoredMollie } from './mollie';
import { START_DATA_DIR, STATE_FILE, type StackState } from './state-file';

const usage = 'Usage: npm run invoke -- <events/file.json>   (feeds a sample API Gateway event to its Lambda handler)';

function runningStackEnv(): LambdaEnv | undefined {
  if (!existsSync(STATE_FILE)) return undefined;
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
  try {
    process.kill(state.pid, 0);
  } catch {
    return undefined; // left behind by a stack that did not stop cleanly
  }
  return state.env;
}

/**
 * `npm run invoke -- events/me.json`: calls the handler module of the event's route directly, as Lambda
 * would, with the environment of the stack `npm start` is running (so handlers reach its emulators).
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file === '--help' || file === '-h') {
    console.error(usage);
    process.exit(file ? 0 : 1);
  }
  const eventPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!existsSync(eventPath)) {
    console.error(`No such event file: ${eventPath}\n${usage}`);
    process.exit(1);
  }
  const event = JSON.parse(readFileSync(eventPath, 'utf8')) as HttpApiEvent;
  const route = routes.find((r) => routeKey(r) === event.routeKey);
  if (!route) {
    console.error(
      `The event's routeKey "${event.routeKey}" is not in the route table. Known: ${routes.map(routeKey).join(', ')}`,
    );
    process.exit(1);
  }

  let env = runningStackEnv();
  if (!env) {
    console.error(
      'Note: no running local stack found (start one with `npm start`); handlers that use AWS services will fail.',
    );
    // Only what needs no stack: a handler asking for TABLE_NAME & co. says which variable is missing.
    env = lambdaEnvOf({
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      POWERTOOLS_SERVICE_NAME: 'reviewroute',
    });
  }

  // The payments handler's Mollie client reaches `npm start`'s local Mollie over TLS with that server's certificate.
  if (env.MOLLIE_API_ENDPOINT) trustStoredMollie(START_DATA_DIR, env.MOLLIE_API_ENDPOINT);

  // As the gateway (standing in for CloudFront) would: the handlers refuse requests without it.
  if (env.ORIGIN_VERIFY_SECRET) event.headers = { ...event.headers, [originVerifyHeader]: env.ORIGIN_VERIFY_SECRET };

  const domain: ApiDomain = route.domain;
  const handler = await createHandlerLoader(env).load(domain);
  const started = Date.now();
  const result = await handler(
    event,
    lambdaContext(domain, event.requestContext?.requestId ?? randomUUID(), Date.now() + 30_000),
  );
  const ms = Date.now() - started;
  const printable =
    typeof result === 'object' && result !== null && 'body' in result && typeof result.body === 'string'
      ? { ...result, body: tryJson(result.body) }
      : result;
  console.log(`${event.routeKey} -> ${domain} handler (${ms} ms)`);
  console.log(JSON.stringify(printable, null, 2));
}

function tryJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
