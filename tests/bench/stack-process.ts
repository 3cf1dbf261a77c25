import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../infra/local/stack';
import { serveStackFromChild, type ChildStackMessage } from '../support/child-stack';

/**
 * A bench's local stack in a Node process of its own: its gateway, handlers and workers then have an event loop
 * to themselves, as Lambdas have their own CPU in AWS, and a bench's load generator in this process never slows
 * the requests it measures. Run as a file, it is that process: it starts the stack with the options it is given
 * (JSON in argv), tells its parent what a bench reads of it, and stops on the parent's `stop` or when the parent
 * is gone.
 */

/** What a bench reads of the stack: the plain data of `LocalStack`, and its stop. */
export type BenchStack = Pick<LocalStack, 'urls' | 'env' | 'webConfig' | 'resources'> & { stop(): Promise<void> };

type Message = ChildStackMessage<Omit<BenchStack, 'stop'>>;

const entry = fileURLToPath(import.meta.url);

/** Starts the stack in its own process; `options` must be plain data (it crosses to the child as JSON). */
export function startStackProcess(options: LocalStackOptions): Promise<BenchStack> {
  const child = fork(entry, [JSON.stringify(options)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise<BenchStack>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`The bench's stack process ended (${signal ?? code})`)));
    child.on('message', (message: Message) => {
      if ('failed' in message) return reject(new Error(`The bench's stack did not start: ${message.failed}`));
      resolve({
        ...message.ready,
        stop: async () => {
          if (child.connected) child.send('stop');
          await exited;
        },
      });
    });
  });
}

if (process.argv[1] === entry && process.send) {
  await serveStackFromChild(async () => {
    const stack = await startLocalStack(JSON.parse(process.argv[2] ?? '{}') as LocalStackOptions);
    return {
      ready: { urls: stack.urls, env: stack.env, webConfig: stack.webConfig, resources: stack.resources },
      stop: () => stack.stop(),
    };
  });
}
