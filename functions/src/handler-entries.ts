import { fileURLToPath } from 'node:url';
import type { ApiDomain } from '@reviewroute/shared';

/**
 * Where each domain's Lambda handler lives. CDK bundles this file as the NodejsFunction entry and the
 * local gateway imports the very same module, so production and local run one code path.
 */
export const handlerEntry = (domain: ApiDomain): string =>
  fileURLToPath(new URL(`./domains/${domain}/handler.ts`, import.meta.url));
