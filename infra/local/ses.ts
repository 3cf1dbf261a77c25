import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import * as sesModule from 'aws-ses-v2-local';
import { LOCAL_HOST, PortInUseError, assertPortFree, closeServer } from './ports';

// A CommonJS module with `exports.default`: Node's ESM loader nests it one level deeper than TypeScript thinks.
const sesServer = ((sesModule.default as unknown as { default?: typeof sesModule.default }).default ??
  sesModule.default) as typeof sesModule.default;

export interface LocalSes {
  /** Web inbox at `/`, captured mails as JSON at `/store`; also the SES API endpoint. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * aws-ses-v2-local in-process: captures everything sent through SES (v1 and v2 APIs). `redirects` adds paths
 * beside its inbox that send the browser elsewhere (`/phone`: the local SMS service's phone view).
 */
export async function startSes(options: { port: number; redirects?: Record<string, string> }): Promise<LocalSes> {
  // Its server() resolves only on success and never rejects, so a taken port is checked first.
  await assertPortFree('SES inbox', options.port);
  let server: Server;
  try {
    server = await sesServer({ host: LOCAL_HOST, port: options.port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError('SES inbox', options.port);
    throw error;
  }
  const redirects = options.redirects ?? {};
  // The emulator's own handler stays; a redirect's path is answered before it.
  const own = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const to = redirects[new URL(req.url ?? '/', 'http://localhost').pathname];
    if (to) {
      res.writeHead(302, { location: to });
      res.end();
      return;
    }
    for (const listener of own) listener(req, res);
  });
  const { port } = server.address() as { port: number };
  return { url: `http://${LOCAL_HOST}:${port}`, port, stop: () => closeServer(server) };
}
