import { rm, writeFile } from 'node:fs/promises';
import { JavaMissingError } from './dynamodb-local';
import { PortInUseError } from './ports';
import { DEFAULT_PORTS, startLocalStack, type LocalStack } from './stack';
import { START_DATA_DIR, STATE_FILE, type StackState } from './state-file';

/** `npm start`: the whole local stack on fixed ports with data in .data/, until Ctrl-C. */
async function main(): Promise<void> {
  const started = Date.now();
  console.log('Starting ReviewRoute locally (DynamoDB Local, S3, Cognito, SES inbox, API, web) …');
  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      dataDir: START_DATA_DIR,
      persist: true,
      web: true,
      ports: DEFAULT_PORTS,
      log: (line) => console.log(line),
    });
  } catch (error) {
    // The two failures a newcomer can fix themselves get one clear line, not a stack trace.
    if (error instanceof PortInUseError || error instanceof JavaMissingError) {
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
    // stop() is bounded, but never hang on Ctrl-C.
    setTimeout(() => process.exit(1), 15_000).unref();
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
