import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { ApiDomain, LambdaEnv } from '@reviewroute/shared';
import { handlerEntry, type DomainHandler, type DomainHandlerModule } from '@reviewroute/functions/handler-entries';
import { repoRoot } from './dynamodb-local';

export interface HandlerLoader {
  /** The domain's handler made for this loader's environment; made once, then reused like a warm Lambda. */
  load: (domain: ApiDomain) => Promise<DomainHandler>;
  close: () => void;
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
}

/**
 * The one way the local stack runs Lambda code: imports the module CDK bundles for the domain
 * (functions/src/domains/<domain>/handler.ts) and calls its `createHandler` with the given environment.
 * Nothing is written to process.env, so stacks with different environments can share a process.
 */
export function createHandlerLoader(env: LambdaEnv, options: HandlerLoaderOptions = {}): HandlerLoader {
  const handlers = new Map<ApiDomain, Promise<DomainHandler>>();
  const importModule = (url: string): Promise<Partial<DomainHandlerModule>> =>
    options.reload ? tsImport(url, import.meta.url) : import(url);

  let announce: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = options.reload
    ? ['functions/src', 'shared/src'].map((dir) =>
        watch(path.join(repoRoot, dir), { recursive: true }, (_event, file) => {
          if (!file || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return;
          if (handlers.size === 0) return;
          handlers.clear();
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
    close: () => {
      clearTimeout(announce);
      for (const watcher of watchers) watcher.close();
    },
  };
}
