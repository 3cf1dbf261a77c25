import type { TestProject } from 'vitest/node';
import { provideLocalStack } from './local-stack';

/**
 * vitest globalSetup of the `integration` and `e2e` projects: one local stack per vitest run, shared when
 * both projects run together (`npm test`); see provideLocalStack for what an e2e run adds.
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return provideLocalStack(project);
}
