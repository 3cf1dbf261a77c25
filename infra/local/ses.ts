import type { Server } from 'node:http';
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

/** aws-ses-v2-local in-process: captures everything sent through SES (v1 and v2 APIs). */
export async function startSes(options: { port: number }): Promise<LocalSes> {
  // Its server() resolves only on success and never rejects, so a taken port is checked first.
  await assertPortFree('SES inbox', options.port);
  let server: Server;
  try {
    server = await sesServer({ host: LOCAL_HOST, port: options.port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError('SES inbox', options.port);
    throw error;
  }
  const { port } = server.address() as { port: number };
  return { url: `http://${LOCAL_HOST}:${port}`, port, stop: () => closeServer(server) };
}
