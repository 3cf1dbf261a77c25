import { expect, inject } from 'vitest';
import type { LocalText } from '../../infra/local/sms';

/**
 * The local SMS service of the run's stack (infra/local/sms.ts), as a test reads and drives it: the texts a number
 * received, and the network's delivery report or the customer's reply, which reach the text-events worker as in AWS.
 */

const smsUrl = () => inject('localStack').urls.sms;

/** Every text sent to a number (E.164), oldest first. */
export async function textsTo(number: string): Promise<LocalText[]> {
  const res = await fetch(`${smsUrl()}/texts?to=${encodeURIComponent(number)}`);
  return ((await res.json()) as { texts: LocalText[] }).texts;
}

/** Waits for the number's `count`-th text (the first by default) and returns it. */
export async function waitForText(number: string, count = 1, timeout = 30_000): Promise<LocalText> {
  await expect.poll(async () => (await textsTo(number)).length, { timeout }).toBeGreaterThanOrEqual(count);
  return (await textsTo(number))[count - 1]!;
}

async function post(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${smsUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Local SMS ${path}: ${res.status} ${await res.text()}`);
}

/** The phone network's delivery report of a text. */
export const reportDelivery = (messageId: string, status: 'DELIVERED' | 'FAILED') =>
  post('/simulate/delivery', { messageId, status });

/** The customer replies from their number (`STOP`, `STOPPEN`, …) to the last text it received. */
export const replyFrom = (number: string, body: string) => post('/simulate/reply', { from: number, body });
