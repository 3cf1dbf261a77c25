import { describe, expect, it } from 'vitest';
import { type AuthFlow, authErrorKey } from './auth-errors';

/** An error shaped like the ones Amplify v6 throws: the service's error code as `name`. */
const failure = (name: string, message = 'The English text of the service') =>
  Object.assign(new Error(message), { name });

describe('authErrorKey', () => {
  it.each<[AuthFlow, string, string]>([
    // Sign-up
    ['signUp', 'UsernameExistsException', 'emailTaken'],
    ['signUp', 'AliasExistsException', 'emailTaken'],
    ['signUp', 'InvalidPasswordException', 'passwordPolicy'],
    ['signUp', 'InvalidParameterException', 'invalidDetails'],
    ['signUp', 'CodeDeliveryFailureException', 'codeDelivery'],
    ['signUp', 'TooManyRequestsException', 'tooManyAttempts'],
    ['signUp', 'EmptySignUpUsername', 'missingEmail'],
    ['signUp', 'EmptySignUpPassword', 'missingPassword'],
    // Confirmation code
    ['confirmSignUp', 'CodeMismatchException', 'codeMismatch'],
    ['confirmSignUp', 'ExpiredCodeException', 'codeExpired'],
    ['confirmSignUp', 'NotAuthorizedException', 'alreadyConfirmed'],
    ['confirmSignUp', 'AliasExistsException', 'emailTaken'],
    ['confirmSignUp', 'UserNotFoundException', 'accountNotFound'],
    ['confirmSignUp', 'TooManyFailedAttemptsException', 'tooManyAttempts'],
    ['confirmSignUp', 'LimitExceededException', 'tooManyAttempts'],
    ['confirmSignUp', 'EmptyConfirmSignUpCode', 'missingCode'],
    ['confirmSignUp', 'EmptyConfirmSignUpUsername', 'missingEmail'],
    // Resend code
    ['resendSignUpCode', 'InvalidParameterException', 'alreadyConfirmed'],
    ['resendSignUpCode', 'UserNotFoundException', 'accountNotFound'],
    ['resendSignUpCode', 'LimitExceededException', 'tooManyAttempts'],
    ['resendSignUpCode', 'CodeDeliveryFailureException', 'codeDelivery'],
    ['resendSignUpCode', 'EmptyresendSignUpCodeUsername', 'missingEmail'],
    // Sign-in: real Cognito, then what cognito-local answers
    ['signIn', 'NotAuthorizedException', 'wrongCredentials'],
    ['signIn', 'UserNotFoundException', 'wrongCredentials'],
    ['signIn', 'InvalidPasswordException', 'wrongCredentials'],
    ['signIn', 'UserNotConfirmedException', 'notConfirmed'],
    ['signIn', 'PasswordResetRequiredException', 'passwordResetRequired'],
    // Two-factor sign-in: a wrong code, and a challenge whose 3-minute session has run out
    ['confirmSignInTotp', 'CodeMismatchException', 'totpCodeMismatch'],
    ['confirmSignInTotp', 'NotAuthorizedException', 'signInExpired'],
    // Password reset by code
    ['resetPassword', 'LimitExceededException', 'tooManyAttempts'],
    ['confirmResetPassword', 'CodeMismatchException', 'codeMismatch'],
    ['confirmResetPassword', 'ExpiredCodeException', 'codeExpired'],
    ['confirmResetPassword', 'InvalidPasswordException', 'passwordPolicy'],
    // E-mail change: another account's address, a wrong code
    ['updateEmail', 'AliasExistsException', 'emailTaken'],
    ['confirmEmail', 'CodeMismatchException', 'codeMismatch'],
    // TOTP setup: Cognito's own name for a wrong code there
    ['verifyTotp', 'EnableSoftwareTokenMFAException', 'totpCodeMismatch'],
    ['signIn', 'UserAlreadyAuthenticatedException', 'alreadySignedIn'],
    ['signIn', 'TooManyRequestsException', 'tooManyAttempts'],
    ['signIn', 'EmptySignInUsername', 'missingEmail'],
    ['signIn', 'EmptySignInPassword', 'missingPassword'],
    // Any flow
    ['signIn', 'InternalErrorException', 'unavailable'],
    ['signUp', 'NetworkError', 'network'],
  ])('%s: %s -> %s', (flow, name, key) => {
    expect(authErrorKey(failure(name), flow)).toBe(key);
  });

  it('reads the one name Cognito uses for a wrong password, a locked account and a disabled one', () => {
    expect(authErrorKey(failure('NotAuthorizedException', 'Incorrect username or password.'), 'signIn')).toBe(
      'wrongCredentials',
    );
    expect(authErrorKey(failure('NotAuthorizedException', 'Password attempts exceeded'), 'signIn')).toBe(
      'tooManyAttempts',
    );
    expect(authErrorKey(failure('NotAuthorizedException', 'User is disabled.'), 'signIn')).toBe('accountDisabled');
    expect(authErrorKey(failure('NotAuthorizedException', 'User is disabled.'), 'confirmSignUp')).toBe(
      'accountDisabled',
    );
  });

  it('treats a fetch that never reached the service as a network failure', () => {
    const wrapped = Object.assign(failure('Unknown', 'An unknown error has occurred.'), {
      underlyingError: new TypeError('Failed to fetch'),
    });
    expect(authErrorKey(wrapped, 'signIn')).toBe('network');
    const amplifyNetwork = Object.assign(failure('Unknown'), { underlyingError: failure('NetworkError') });
    expect(authErrorKey(amplifyNetwork, 'confirmSignUp')).toBe('network');
  });

  it('calls everything else unexpected, and never depends on the English text alone', () => {
    expect(authErrorKey(failure('Unknown'), 'signIn')).toBe('unexpected');
    expect(authErrorKey(failure('UnknownError'), 'signIn')).toBe('unexpected');
    expect(authErrorKey(failure('Unsupported'), 'signIn')).toBe('unexpected');
    expect(authErrorKey(failure('UserLambdaValidationException'), 'signUp')).toBe('unexpected');
    // Self sign-up switched off is a configuration fault, not something the owner can fix.
    expect(authErrorKey(failure('NotAuthorizedException', 'SignUp is not permitted'), 'signUp')).toBe('unexpected');
    // A name that means something in another flow only.
    expect(authErrorKey(failure('CodeMismatchException'), 'signIn')).toBe('unexpected');
    expect(authErrorKey(failure('UsernameExistsException'), 'signIn')).toBe('unexpected');
    expect(authErrorKey('boom', 'signUp')).toBe('unexpected');
    expect(authErrorKey(undefined, 'signUp')).toBe('unexpected');
    expect(authErrorKey(null, 'signUp')).toBe('unexpected');
  });
});
