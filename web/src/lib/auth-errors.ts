/**
 * The message to show for a failed auth call (spec 8): the auth service's own message, or null when the
 * failure is not something the service explained (the caller then shows 'An unexpected error occurred').
 */
export function authServiceMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  // Amplify reports transport failures and its own bugs as 'Unknown' with a generic text.
  if (error.name === 'Unknown' || error.name === 'UnknownError' || error.name === 'NetworkError') return null;
  const message = error.message.trim();
  return message === '' ? null : message;
}
