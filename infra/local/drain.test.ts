import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackRequests } from './drain';

interface Reply {
  status: number;
  connection: string | undefined;
}

/** A server whose `/hold` requests wait until released; everything else is answered at once. */
async function heldServer() {
  const held: (() => void)[] = [];
  let arrived: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (req.url !== '/hold') return answer();
    held.push(answer);
    arrived?.();
  });
  const requests = trackRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<Reply>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
        })
        .on('error', reject);
    });
  const nextArrival = () => new Promise<void>((resolve) => (arrived = resolve));
  return { server, requests, agent, get, held, nextArrival };
}

describe('trackRequests', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it('lets a request in flight finish, closing its connection, and then takes no more', async () => {
    const s = await heldServer();
    cleanups.push(
      () => s.agent.destroy(),
      () => s.server.closeAllConnections(),
    );
    // A kept-alive connection, idle when the drain starts.
    expect(await s.get('/fast')).toEqual({ status: 200, connection: 'keep-alive' });

    const arrival = s.nextArrival();
    const inFlight = s.get('/hold');
    await arrival;
    expect(s.requests.inFlight()).toBe(1);

    let drained = false;
    const drain = s.requests.drain(10_000).then(() => (drained = true));
    // The drain waits for the answer, which is still given, and tells the client to go.
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    s.held.shift()!();
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    await drain;
    expect(s.requests.inFlight()).toBe(0);
    await expect(s.get('/fast')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('cuts a request that outlasts the bound', async () => {
    const s = await heldServer();
    cleanups.push(() => s.agent.destroy());
    const arrival = s.nextArrival();
    const stuck = s.get('/hold');
    await arrival;
    await s.requests.drain(50);
    await expect(stuck).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('returns at once when nothing is in flight', async () => {
    const s = await heldServer();
    cleanups.push(() => s.agent.destroy());
    await s.requests.drain(60_000);
    expect(s.server.listening).toBe(false);
  });
});
