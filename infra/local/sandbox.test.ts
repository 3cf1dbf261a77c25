import { fileURLToPath } from 'node:url';
import type { LambdaEnv } from '@reviewroute/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from './sandbox';

const entry = fileURLToPath(new URL('./testing/sandbox-worker.ts', import.meta.url));
const env = { STAGE: 'sandbox-test' } as unknown as LambdaEnv;
const started: Sandbox[] = [];
const sandbox = () => {
  const made = createSandbox(entry, env);
  started.push(made);
  return made;
};
type Echo = { event: unknown; stage: string; remainingMs: number; pid: number };

afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});

describe('a worker sandbox', () => {
  it('runs the module in a process of its own, with the environment, the event and the time left', async () => {
    const { run } = sandbox();
    const first = (await run({ hello: 'world' }, { getRemainingTimeInMillis: () => 30_000 })) as Echo;
    expect(first.event).toEqual({ hello: 'world' });
    expect(first.stage).toBe('sandbox-test');
    expect(first.pid).not.toBe(process.pid);
    expect(first.remainingMs).toBeGreaterThan(25_000);
    expect(first.remainingMs).toBeLessThanOrEqual(30_000);
    // Warm: the next run lands in the same process.
    expect(((await run({})) as Echo).pid).toBe(first.pid);
  });

  it("answers a run's error with its message, and keeps serving", async () => {
    const { run } = sandbox();
    await expect(run({ fail: 'poison record' })).rejects.toThrow('poison record');
    expect(((await run({ again: true })) as Echo).event).toEqual({ again: true });
  });

  it('fails the runs of a sandbox that died, and starts another for the next run', async () => {
    const { run } = sandbox();
    const before = ((await run({})) as Echo).pid;
    await expect(run({ exit: true })).rejects.toThrow(/ended/);
    const after = ((await run({})) as Echo).pid;
    expect(after).not.toBe(before);
  });

  it('refuses runs once stopped', async () => {
    const made = sandbox();
    await made.run({});
    await made.stop();
    await expect(made.run({})).rejects.toThrow(/stopped/);
  });
});
