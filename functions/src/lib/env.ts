/**
 * Configuration from the Lambda environment, read when first needed (not at module load) so tests and
 * the local gateway can set process.env before the first request.
 */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export const optionalEnv = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};
