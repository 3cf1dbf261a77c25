import type http from 'node:http';

export interface RequestDrain {
  /** Requests being answered now. */
  inFlight(): number;
  /**
   * Stops taking connections, lets the requests being answered finish (at most `timeoutMs`), then cuts
   * whatever is left. Every answer from then on closes its connection, so a keep-alive client cannot
   * keep slipping new requests in.
   */
  drain(timeoutMs: number): Promise<void>;
}

/**
 * Counts the requests a server is answering, so that a stop can wait for them before the services they
 * use go away: an answer the client got must never depend on a service that was stopped under it. Call it
 * once the routes are attached: a later `removeAllListeners('request')` would remove the count too.
 */
export function trackRequests(server: http.Server): RequestDrain {
  const open = new Set<http.ServerResponse>();
  let draining = false;
  let onIdle: (() => void) | undefined;
  // First listener: the header must be set before a route handler writes its head.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    open.add(res);
    if (draining) res.setHeader('connection', 'close');
    res.once('close', () => {
      open.delete(res);
      if (open.size === 0) onIdle?.();
    });
  });

  return {
    inFlight: () => open.size,
    async drain(timeoutMs) {
      draining = true;
      for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
      server.close();
      server.closeIdleConnections();
      if (open.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          onIdle = resolve;
          timer = setTimeout(resolve, timeoutMs);
        });
        clearTimeout(timer);
        onIdle = undefined;
      }
      server.closeAllConnections();
    },
  };
}
