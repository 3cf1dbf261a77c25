import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { ApiDomain } from '@reviewroute/shared';
import { handlerEntry } from '@reviewroute/functions/handler-entries';
import { repoRoot } from './dynamodb-local';
import type { LambdaHandler } from './gateway';

/**
 * For `npm start`: loads each domain's handler module through tsx into a fresh module graph, and again
 * after any change under functions/src or shared/src, so edits to handlers apply on the next request
 * without restarting the emulators. (Each reload keeps the old graph in memory; fine for a dev session.)
 */
export function reloadingHandlerLoader(log?: (line: string) => void): {
  loadHandler: (domain: ApiDomain) => Promise<LambdaHandler>;
  close(): void;
} {
  const cache = new Map<ApiDomain, Promise<LambdaHandler>>();
  let announce: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = ['functions/src', 'shared/src'].map((dir) =>
    watch(path.join(repoRoot, dir), { recursive: true }, (_event, file) => {
      if (!file || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return;
      if (cache.size === 0) return;
      cache.clear();
      // One line per burst of saves.
      clearTimeout(announce);
      announce = setTimeout(() => log?.(`[api] ${dir}/${file} changed: handlers reload on the next request`), 100);
    }),
  );
  return {
    loadHandler: (domain) => {
      let handler = cache.get(domain);
      if (!handler) {
        handler = tsImport(pathToFileURL(handlerEntry(domain)).href, import.meta.url).then(
          (mod: { handler?: LambdaHandler }) => {
            if (typeof mod.handler !== 'function') throw new Error(`${handlerEntry(domain)} exports no handler`);
            return mod.handler;
          },
        );
        handler.catch(() => cache.delete(domain));
        cache.set(domain, handler);
      }
      return handler;
    },
    close: () => {
      clearTimeout(announce);
      for (const w of watchers) w.close();
    },
  };
}
