// The one-off inbox backfill (functions/src/domains/surveys/inbox-backfill.ts): gives responses stored before
// the inbox index its keys and recounts the surveys' weekly trend. Run by hand with an operator's AWS rights
// (DynamoDB on the table, cognito-idp:ListUsers on the pool), once after the deploy that brought the inbox:
//
//   TABLE_NAME=… USER_POOL_ID=… AWS_REGION=eu-west-1 npm run backfill-inbox -w functions [-- --cursor <file>] [--owner <sub>]
//
// Safe to run again and to interrupt: it resumes at the owner page in the cursor file (default
// .inbox-backfill-cursor.json in the working directory), and a second full run writes nothing.
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { lambdaEnvOf } from '../src/lib/env';
import { backfillInbox, dynamoBackfillDeps, type BackfillCursor } from '../src/domains/surveys/inbox-backfill';

const { values } = parseArgs({
  options: {
    cursor: { type: 'string', default: '.inbox-backfill-cursor.json' },
    owner: { type: 'string' },
  },
});
const cursorFile = values.cursor;

const deps = dynamoBackfillDeps(lambdaEnvOf(process.env), {
  ...(values.owner ? { ownerFilter: `sub = "${values.owner.replace(/"/g, '')}"` } : {}),
  log: (message) => console.log(message),
  // A run for one owner keeps no cursor: it must not mark the whole backfill done.
  cursor: values.owner
    ? { load: async () => undefined, save: async () => {} }
    : {
        async load() {
          try {
            return JSON.parse(await readFile(cursorFile, 'utf8')) as BackfillCursor;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
            throw error;
          }
        },
        save: (cursor) => writeFile(cursorFile, JSON.stringify(cursor)),
      },
});

await backfillInbox(deps);
