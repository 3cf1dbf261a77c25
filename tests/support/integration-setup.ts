import type { TestProject } from 'vitest/node';
import { provideLocalStack } from './local-stack';

/** vitest globalSetup of the `integration` project: emulators and gateway, no web server. */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return provideLocalStack(project, { web: false });
}
