import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { generate as generateCertificate } from 'selfsigned';
import { LOCAL_HOST, closeServer, listen } from '../ports';
import { mollieStateFile, readStoredMollie } from './state';

/** An ECDSA P-256 certificate for `localhost` and 127.0.0.1, valid for ten years, named for what serves it. */
export async function localhostCertificate(
  commonName = 'ReviewRoute local Mollie',
): Promise<{ cert: string; key: string }> {
  const pems = await generateCertificate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 10 * 365 * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

// Trust: @mollie/api-client makes its own https.Agent with Mollie's CA bundle. For this server's address
// alone, this process's https agents verify against the local certificate instead (still verified TLS).

const trusted = new Map<string, string>();
let agentPatched = false;

/** Makes https agents in this process accept `certificate` for localhost:{port} (and only there). */
export function trustLocalMollie(port: number, certificate: string): () => void {
  for (const host of [LOCAL_HOST, '127.0.0.1']) trusted.set(`${host}:${port}`, certificate);
  if (!agentPatched) {
    agentPatched = true;
    const proto = https.Agent.prototype as unknown as {
      createConnection: (options: Record<string, unknown>, ...rest: unknown[]) => Duplex;
    };
    const original = proto.createConnection;
    proto.createConnection = function (this: unknown, options: Record<string, unknown>, ...rest: unknown[]) {
      const certificate = trusted.get(`${String(options.host)}:${String(options.port)}`);
      return original.call(this, certificate ? { ...options, ca: [certificate] } : options, ...rest);
    };
  }
  return () => {
    for (const host of [LOCAL_HOST, '127.0.0.1']) trusted.delete(`${host}:${port}`);
  };
}

/**
 * For another process than the one running the server (`npm run invoke`): trusts the certificate a persisted
 * local Mollie keeps in `<dataDir>/mollie.json` for the endpoint's port. Nothing happens without the file or
 * for an endpoint that is not on this machine.
 */
export function trustStoredMollie(dataDir: string, apiEndpoint: string): void {
  const url = new URL(apiEndpoint);
  if (![LOCAL_HOST, '127.0.0.1'].includes(url.hostname)) return;
  const stored = readStoredMollie(mollieStateFile(dataDir));
  if (stored) trustLocalMollie(Number(url.port), stored.cert);
}

/**
 * One port, two protocols: HTTPS for the API client (which speaks nothing else) and plain HTTP for browsers (the
 * checkout). A TLS handshake starts with byte 0x16, anything else is plain HTTP.
 */
export async function listenHttpAndHttps(
  handle: http.RequestListener,
  tls: { cert: string; key: string },
  port: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const plain = http.createServer(handle);
  const secure = https.createServer({ cert: tls.cert, key: tls.key }, handle);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 ? secure : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => socket.destroy());
  });
  const bound = await listen(server, 'Mollie', port);
  return {
    port: bound,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([closeServer(plain), closeServer(secure)]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
