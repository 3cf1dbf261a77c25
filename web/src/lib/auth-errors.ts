/** The Amplify calls of the auth page and the security tab; one error name can mean different things in each. */
export type AuthFlow =
  | 'signUp'
  | 'confirmSignUp'
  | 'resendSignUpCode'
  | 'signIn'
  | 'confirmSignInTotp'
  | 'resetPassword'
  | 'confirmResetPassword'
  | 'updateEmail'
  | 'confirmEmail'
  | 'setUpTotp'
  | 'verifyTotp';

/** What went wrong, as the auth page tells the owner (each key has a translated title and description). */
export const authErrorKeys = [
  'emailTaken',
  'passwordPolicy',
  'invalidDetails',
  'codeDelivery',
  'codeMismatch',
  'codeExpired',
  'alreadyConfirmed',
  'accountNotFound',
  'wrongCredentials',
  'notConfirmed',
  'passwordResetRequired',
  'accountDisabled',
  'alreadySignedIn',
  'tooManyAttempts',
  'missingEmail',
  'missingPassword',
  'missingCode',
  'totpCodeMismatch',
  'recoveryCodeMismatch',
  'signInExpired',
  'sessionExpired',
  'network',
  'unavailable',
] as const;
export type AuthErrorKey = (typeof authErrorKeys)[number];

type NameMap = Partial<Record<string, AuthErrorKey>>;

/**
 * Per flow: the error names of Cognito (as Amplify v6 reports them), of the local emulator (cognito-local answers a
 * wrong password with InvalidPasswordException and an unknown user with NotAuthorizedException) and of Amplify's
 * own input checks.
 */
const byFlow: Record<AuthFlow, NameMap> = {
  signUp: {
    UsernameExistsException: 'emailTaken',
    AliasExistsException: 'emailTaken',
    InvalidPasswordException: 'passwordPolicy',
    // An address Cognito does not accept, or a password that starts or ends with a space.
    InvalidParameterException: 'invalidDetails',
    CodeDeliveryFailureException: 'codeDelivery',
    EmptySignUpUsername: 'missingEmail',
    EmptySignUpPassword: 'missingPassword',
  },
  confirmSignUp: {
    CodeMismatchException: 'codeMismatch',
    ExpiredCodeException: 'codeExpired',
    // Another account confirmed this address in the meantime.
    AliasExistsException: 'emailTaken',
    // "User cannot be confirmed. Current status is CONFIRMED".
    NotAuthorizedException: 'alreadyConfirmed',
    UserNotFoundException: 'accountNotFound',
    EmptyConfirmSignUpCode: 'missingCode',
    EmptyConfirmSignUpUsername: 'missingEmail',
  },
  resendSignUpCode: {
    // "User is already confirmed."
    InvalidParameterException: 'alreadyConfirmed',
    UserNotFoundException: 'accountNotFound',
    CodeDeliveryFailureException: 'codeDelivery',
    // Amplify spells this code with a lower-case r.
    EmptyresendSignUpCodeUsername: 'missingEmail',
    EmptyResendSignUpCodeUsername: 'missingEmail',
  },
  signIn: {
    // With user-existence errors prevented, Cognito answers an unknown address like a wrong password.
    NotAuthorizedException: 'wrongCredentials',
    UserNotFoundException: 'wrongCredentials',
    InvalidPasswordException: 'wrongCredentials',
    // Amplify turns this into the CONFIRM_SIGN_UP step; kept for flows that let it through.
    UserNotConfirmedException: 'notConfirmed',
    PasswordResetRequiredException: 'passwordResetRequired',
    UserAlreadyAuthenticatedException: 'alreadySignedIn',
    EmptySignInUsername: 'missingEmail',
    EmptySignInPassword: 'missingPassword',
  },
  confirmSignInTotp: {
    CodeMismatchException: 'totpCodeMismatch',
    EnableSoftwareTokenMFAException: 'totpCodeMismatch',
    // The challenge's session lasts 3 minutes and is single-use: sign in again.
    NotAuthorizedException: 'signInExpired',
    ExpiredCodeException: 'signInExpired',
    EmptyChallengeResponse: 'missingCode',
  },
  resetPassword: {
    // With user-existence errors prevented Cognito does not say so; kept for pools that do.
    UserNotFoundException: 'accountNotFound',
    InvalidParameterException: 'notConfirmed',
    NotAuthorizedException: 'accountDisabled',
    CodeDeliveryFailureException: 'codeDelivery',
    EmptyResetPasswordUsername: 'missingEmail',
  },
  confirmResetPassword: {
    CodeMismatchException: 'codeMismatch',
    ExpiredCodeException: 'codeExpired',
    InvalidPasswordException: 'passwordPolicy',
    InvalidParameterException: 'invalidDetails',
    UserNotFoundException: 'codeMismatch',
    EmptyConfirmResetPasswordConfirmationCode: 'missingCode',
    EmptyConfirmResetPasswordNewPassword: 'missingPassword',
    EmptyConfirmResetPasswordUsername: 'missingEmail',
  },
  updateEmail: {
    AliasExistsException: 'emailTaken',
    InvalidParameterException: 'invalidDetails',
    CodeDeliveryFailureException: 'codeDelivery',
    NotAuthorizedException: 'sessionExpired',
    UserUnAuthenticatedException: 'sessionExpired',
  },
  confirmEmail: {
    CodeMismatchException: 'codeMismatch',
    ExpiredCodeException: 'codeExpired',
    AliasExistsException: 'emailTaken',
    NotAuthorizedException: 'sessionExpired',
    UserUnAuthenticatedException: 'sessionExpired',
    CodeDeliveryFailureException: 'codeDelivery',
  },
  setUpTotp: {
    NotAuthorizedException: 'sessionExpired',
    UserUnAuthenticatedException: 'sessionExpired',
  },
  verifyTotp: {
    CodeMismatchException: 'totpCodeMismatch',
    EnableSoftwareTokenMFAException: 'totpCodeMismatch',
    NotAuthorizedException: 'sessionExpired',
    UserUnAuthenticatedException: 'sessionExpired',
  },
};

/** Names that mean the same in every flow. */
const anyFlow: NameMap = {
  TooManyRequestsException: 'tooManyAttempts',
  LimitExceededException: 'tooManyAttempts',
  TooManyFailedAttemptsException: 'tooManyAttempts',
  NetworkError: 'network',
  InternalErrorException: 'unavailable',
};

function nameOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** Amplify reports a fetch that never reached the service as NetworkError, or as Unknown wrapping it. */
function isNetworkFailure(error: unknown): boolean {
  if (nameOf(error) === 'NetworkError') return true;
  if (nameOf(error) !== 'Unknown' || typeof error !== 'object' || error === null) return false;
  const underlying = (error as { underlyingError?: unknown }).underlyingError;
  return nameOf(underlying) === 'NetworkError' || underlying instanceof TypeError;
}

/**
 * The key of the message for a failed auth call, or 'unexpected' when it is not something the owner can act on
 * (the page then shows 'An unexpected error occurred', spec 8). The service's own English text is never shown; it
 * only tells apart the cases Cognito reports under one name.
 */
export function authErrorKey(error: unknown, flow: AuthFlow): AuthErrorKey | 'unexpected' {
  if (isNetworkFailure(error)) return 'network';
  const name = nameOf(error);
  if (!name) return 'unexpected';
  if (name === 'NotAuthorizedException') {
    const message = messageOf(error);
    if (/disabled/i.test(message)) return 'accountDisabled';
    // A locked-out account: "Password attempts exceeded".
    if (/attempts exceeded/i.test(message)) return 'tooManyAttempts';
  }
  return byFlow[flow][name] ?? anyFlow[name] ?? 'unexpected';
}
