import type http from 'node:http';
import net from 'node:net';

/** The host every local server binds to; `localhost` so browser and Node clients resolve the same address. */
export const LOCAL_HOST = 'localhost';

/** Raised when a fixed port is taken, so `npm start` can say which one in one line. */
export class PortInUseError extends Error {
  constructor(
    readonly service: string,
    readonly port: number,
  ) {
    super(`Port ${port} (${service}) is already in use: stop whatever uses it, then retry.`);
    this.name = 'PortInUseError';
  }
}

/**
 * Asks the OS for a free port. Only for servers that cannot listen on port 0 themselves (the DynamoDB
 * Local jar); the caller retries when another process grabs the port in between.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, LOCAL_HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something already listens on a fixed port (checked before the long start-up steps). */
export function assertPortFree(service: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(service, port) : error),
    );
    server.listen(port, LOCAL_HOST, () => server.close(() => resolve()));
  });
}

/** Listens and resolves with the bound port; maps EADDRINUSE onto PortInUseError. */
export function listen(server: net.Server, service: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(service, port) : error);
    server.once('error', onError);
    server.listen(port, LOCAL_HOST, () => {
      server.off('error', onError);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/** Closes a server now, dropping idle keep-alive connections instead of waiting for them to time out. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Checked before every attempt: an error stops the wait at once (a child process that died). */
  abort?: () => Error | undefined;
}

/** Polls `probe` until it resolves true; used instead of sleeps to wait for a service to answer. */
export async function waitFor(what: string, probe: () => Promise<boolean>, options: WaitOptions = {}): Promise<void> {
  const { timeoutMs = 30_000, intervalMs = 100, abort } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const fatal = abort?.();
    if (fatal) throw fatal;
    try {
      if (await probe()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
