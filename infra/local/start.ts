import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { JavaMissingError } from './dynamodb-local';
import { PortInUseError } from './ports';
import { DEFAULT_PORTS, startLocalStack, type LocalStack, type LocalStackPorts } from './stack';
import { START_DATA_DIR, STATE_FILE, type StackState } from './state-file';

/** Each fixed port can be moved, e.g. `REVIEWROUTE_DYNAMODB_PORT=8100 npm start` when 8000 is taken. */
const portVariables: Record<keyof LocalStackPorts, string> = {
  app: 'REVIEWROUTE_APP_PORT',
  api: 'REVIEWROUTE_API_PORT',
  apiEndpoint: 'REVIEWROUTE_API_ENDPOINT_PORT',
  inbox: 'REVIEWROUTE_INBOX_PORT',
  dynamodb: 'REVIEWROUTE_DYNAMODB_PORT',
  s3: 'REVIEWROUTE_S3_PORT',
  cognito: 'REVIEWROUTE_COGNITO_PORT',
  mollie: 'REVIEWROUTE_MOLLIE_PORT',
  sms: 'REVIEWROUTE_SMS_PORT',
};

function chosenPorts(): LocalStackPorts {
  const ports = { ...DEFAULT_PORTS };
  for (const [key, variable] of Object.entries(portVariables) as [keyof LocalStackPorts, string][]) {
    const value = process.env[variable];
    if (value === undefined || value === '') continue;
    const port = Number(value);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      console.error(`${variable}=${value} is not a port number (1-65535).`);
      process.exit(1);
    }
    ports[key] = port;
  }
  return ports;
}

/** Another `npm start` on this checkout would fight over .data/ (and the ports): say so plainly. */
function refuseSecondInstance(): void {
  if (!existsSync(STATE_FILE)) return;
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
  try {
    process.kill(state.pid, 0);
  } catch {
    return; // a stale file from a run that did not stop cleanly
  }
  console.error(`ReviewRoute is already running here (pid ${state.pid}, app ${state.urls.app}); stop it first.`);
  process.exit(1);
}

/**
 * The business finder's Google key (and, for a loopback server, its base URL) from this shell: set, place
 * search calls Google; unset, the finder says search is not configured. Only `npm start` reads them here;
 * the stack itself never reads process.env, so tests cannot pick up a developer's real key.
 */
function placesEnvironment(): { GOOGLE_PLACES_API_KEY?: string; GOOGLE_PLACES_API_URL?: string } {
  const key = process.env.GOOGLE_PLACES_API_KEY;
  const url = process.env.GOOGLE_PLACES_API_URL;
  return { ...(key ? { GOOGLE_PLACES_API_KEY: key } : {}), ...(url ? { GOOGLE_PLACES_API_URL: url } : {}) };
}

/** `npm start`: the whole local stack on fixed ports with data in .data/, until Ctrl-C. */
async function main(): Promise<void> {
  refuseSecondInstance();
  const ports = chosenPorts();
  const started = Date.now();
  console.log('Starting ReviewRoute locally (DynamoDB Local, S3, Cognito, SES inbox, SMS, Mollie, API, web) …');
  const log = (line: string) => console.log(line);
  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      dataDir: START_DATA_DIR,
      persist: true,
      web: true,
      ports,
      log,
      reloadHandlers: true,
      env: placesEnvironment(),
    });
  } catch (error) {
    // The two failures a newcomer can fix themselves get one clear line, not a stack trace.
    if (error instanceof PortInUseError) {
      const key = (Object.keys(ports) as (keyof LocalStackPorts)[]).find((k) => ports[k] === error.port);
      console.error(key ? `${error.message} Or move it: ${portVariables[key]}=<port> npm start` : error.message);
      process.exit(1);
    }
    if (error instanceof JavaMissingError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let stoppingSince = 0;
  const shutdown = async (signal: string) => {
    if (stoppingSince) {
      // tsx relays the terminal's Ctrl-C to us although we got it already: ignore such echoes, but a
      // deliberate second Ctrl-C leaves at once (DynamoDB's watchdog still takes the JVM down).
      if (Date.now() - stoppingSince > 1_000) process.exit(1);
      return;
    }
    stoppingSince = Date.now();
    console.log(`\n${signal}: stopping the local stack …`);
    // stop() is bounded (requests in flight 10 s, DynamoDB's last commits and exit 5 s each), but never
    // hang on Ctrl-C.
    setTimeout(() => process.exit(1), 25_000).unref();
    await stack.stop();
    await rm(STATE_FILE, { force: true });
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));

  const state: StackState = { pid: process.pid, urls: { ...stack.urls }, env: stack.env };
  await writeFile(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `  ReviewRoute is running (started in ${seconds} s)`,
      '',
      `  App     ${stack.urls.app}`,
      `  Inbox   ${stack.urls.inbox}   (sign-up and password-reset codes land here)`,
      `  API     ${stack.urls.api}   (also at ${stack.urls.app}/api)`,
      `  Texts   ${stack.urls.inbox}/phone   (every text message the product sends, as a phone shows it)`,
      `  Mollie  ${stack.urls.mollie}   (local test payments: its checkout offers paid, failed, canceled, expired)`,
      `  Data    .data/   (kept between runs; delete it for a clean slate)`,
      '',
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
