import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { ApiDomain, LambdaEnv } from '@reviewroute/shared';
import { handlerEntry, type DomainHandler, type DomainHandlerModule } from '@reviewroute/functions/handler-entries';
import { repoRoot } from './dynamodb-local';
import { createSandbox, type Sandbox, type SandboxTrust } from './sandbox';

export interface HandlerLoader {
  /** The domain's handler made for this loader's environment; made once, then reused like a warm Lambda. */
  load: (domain: ApiDomain) => Promise<DomainHandler>;
  close: () => Promise<void>;
}

export interface HandlerLoaderOptions {
  /**
   * `npm start`: import through tsx into a fresh module graph, and again after any change under
   * functions/src or shared/src, so edits apply on the next request without restarting the emulators.
   * (Each reload keeps the old graph in memory; fine for a dev session.)
   */
  reload?: boolean;
  /** Told about reloads. */
  log?: (line: string) => void;
  /**
   * The local stack: each domain's handler in a sandbox process of its own (sandbox.ts), as each is a Lambda of
   * its own in AWS, so one owner's burst on one domain never holds another's request up in this process; with the
   * local HTTPS servers its clients must trust. Without it (a one-off invoke), in this process.
   */
  sandbox?: { trust: readonly SandboxTrust[] };
}

/**
 * The one way the local stack runs Lambda code: imports the module CDK bundles for the domain
 * (functions/src/domains/<domain>/handler.ts) and calls its `createHandler` with the given environment.
 * Nothing is written to process.env, so stacks with different environments can share a process.
 */
export function createHandlerLoader(env: LambdaEnv, options: HandlerLoaderOptions = {}): HandlerLoader {
  const handlers = new Map<ApiDomain, Promise<DomainHandler>>();
  const sandboxes = new Set<Sandbox>();
  const stopSandboxes = () => Promise.all([...sandboxes].map((sandbox) => sandbox.stop())).then(() => undefined);
  const importModule = (url: string): Promise<Partial<DomainHandlerModule>> =>
    options.reload ? tsImport(url, import.meta.url) : import(url);

  let announce: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = options.reload
    ? ['functions/src', 'shared/src'].map((dir) =>
        watch(path.join(repoRoot, dir), { recursive: true }, (_event, file) => {
          if (!file || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return;
          if (handlers.size === 0) return;
          handlers.clear();
          // A sandbox holds the old code: the next request starts a fresh one.
          const old = [...sandboxes];
          sandboxes.clear();
          void Promise.all(old.map((sandbox) => sandbox.stop()));
          // One line per burst of saves.
          clearTimeout(announce);
          announce = setTimeout(
            () => options.log?.(`[api] ${dir}/${file} changed: handlers reload on the next request`),
            100,
          );
        }),
      )
    : [];

  return {
    load: (domain) => {
      let handler = handlers.get(domain);
      if (!handler && options.sandbox) {
        const sandbox = createSandbox(handlerEntry(domain), env, {
          factory: 'createHandler',
          trust: options.sandbox.trust,
        });
        sandboxes.add(sandbox);
        const run = sandbox.run as unknown as DomainHandler;
        handler = Promise.resolve(run);
        handlers.set(domain, handler);
      }
      if (!handler) {
        const entry = handlerEntry(domain);
        handler = importModule(pathToFileURL(entry).href).then((mod) => {
          if (typeof mod.createHandler !== 'function') throw new Error(`${entry} exports no createHandler`);
          return mod.createHandler(env);
        });
        // A failed import is retried on the next request (the file may be fixed meanwhile).
        handler.catch(() => handlers.delete(domain));
        handlers.set(domain, handler);
      }
      return handler;
    },
    close: async () => {
      clearTimeout(announce);
      for (const watcher of watchers) watcher.close();
      await stopSandboxes();
    },
  };
}
