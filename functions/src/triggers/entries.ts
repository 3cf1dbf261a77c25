import { fileURLToPath } from 'node:url';

/** The CustomMessage trigger's module; CDK bundles it, the local stack imports its pure part. */
export const customMessageEntry = fileURLToPath(new URL('./custom-message.ts', import.meta.url));

/** The PostConfirmation trigger's module (the password-changed notice). */
export const postConfirmationEntry = fileURLToPath(new URL('./post-confirmation.ts', import.meta.url));

/** The PreTokenGeneration trigger's module (access tokens without Cognito's admin scope). */
export const preTokenGenerationEntry = fileURLToPath(new URL('./pre-token-generation.ts', import.meta.url));
