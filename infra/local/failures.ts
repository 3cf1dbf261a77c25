import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One message of a failure queue, as the replay reads it in AWS and locally: the body SQS holds (a stream
 * reader's or an asynchronous invoke's on-failure record, or an EventBridge target's event) and the message
 * attributes EventBridge adds to a dead letter (RULE_ARN, TARGET_ARN, ERROR_CODE, …).
 */
export interface FailureMessage {
  body: unknown;
  attributes?: Record<string, string>;
}

/** Where the local stack keeps what its triggers gave up on: `<dataDir>/failures/`. */
export const failuresDir = (dataDir: string) => path.join(dataDir, 'failures');

/**
 * Written by the local stack as it starts: the endpoints the replay reaches it at (`{ lambda, dynamodb }`: the
 * Lambda twin and DynamoDB Local, whose stream it re-reads).
 */
export const localLambdaFile = (dataDir: string) => path.join(dataDir, 'local-lambda.json');

/** The local alarms raised, one JSON line each (`{ at, queue, description, file }`). */
export const alarmsFile = (dataDir: string) => path.join(failuresDir(dataDir), 'alarms.jsonl');

/** A queue's own folder: one JSON file per message, named so they list in arrival order. */
const queueDir = (dataDir: string, queue: string) => path.join(failuresDir(dataDir), queue);

export interface LocalAlarm {
  at: string;
  /** The trigger's name as CDK names its queue and alarm (`OwnerJobsStreamReader`, `ExportsWorker`, …). */
  queue: string;
  description: string;
  /** The message file that raised it. */
  file: string;
}

/**
 * The local twin of each trigger's failure queue and its alarm (infra/src/stacks/failure-queue.ts): a message
 * is a file under `<dataDir>/failures/<queue>/` (the replay deletes it once handled, as it deletes an SQS
 * message), and each one raises the queue's alarm at once, as the AWS alarm does on a visible message: a log
 * line, and a line in `alarms.jsonl` that tests and the developer can read.
 */
export function createLocalFailureQueues(dataDir: string, log?: (line: string) => void) {
  return {
    put(queue: string, description: string, message: FailureMessage): string {
      const dir = queueDir(dataDir, queue);
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`);
      writeFileSync(file, JSON.stringify(message, null, 2));
      const alarm: LocalAlarm = { at: new Date().toISOString(), queue, description, file };
      appendFileSync(alarmsFile(dataDir), `${JSON.stringify(alarm)}\n`);
      const relative = path.relative(process.cwd(), file);
      log?.(`[alarm] ReviewRoute: the ${description} gave up on something: ${relative} (npm run replay)`);
      return file;
    },
  };
}

export type LocalFailureQueues = ReturnType<typeof createLocalFailureQueues>;

/** A local queue's messages, oldest first, each with its file (delete it with `removeLocalFailure`). */
export function readLocalFailures(dataDir: string, queue: string): { file: string; message: FailureMessage }[] {
  const dir = queueDir(dataDir, queue);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const file = path.join(dir, name);
    return { file, message: JSON.parse(readFileSync(file, 'utf8')) as FailureMessage };
  });
}

export const removeLocalFailure = (file: string) => rmSync(file, { force: true });

/** The alarms raised so far. */
export function readLocalAlarms(dataDir: string): LocalAlarm[] {
  try {
    return readFileSync(alarmsFile(dataDir), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LocalAlarm);
  } catch {
    return [];
  }
}
