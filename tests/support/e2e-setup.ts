import type { TestProject } from 'vitest/node';
import { provideLocalStack } from './local-stack';

/** vitest globalSetup of the `e2e` project: the whole stack including the Vite dev server (`urls.app`). */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return provideLocalStack(project, { web: true });
}
