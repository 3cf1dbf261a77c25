import {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  UserNotFoundError,
  type Context,
  type Router,
  type Route,
  type Services,
  type User,
  type UserPool,
} from '../cognito-local';
import { attributeOf, emailDelivery, mailCode } from './delivery';
import { userOfToken } from './tokens';

type UserPoolLookup = (ctx: Context, username: string) => Promise<User | null>;
/** cognito-local's service of one pool (its options, users and saves). */
type PoolService = Awaited<ReturnType<Services['cognito']['getUserPool']>>;

/** Refuses an address that is already another account's e-mail (and so its sign-in name). */
async function assertAddressFree(
  ctx: Context,
  pool: { getUserByUsername: UserPoolLookup },
  user: User,
  email: string,
): Promise<void> {
  const other = await pool.getUserByUsername(ctx, email);
  if (other && other.Username !== user.Username)
    throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
}

/**
 * The e-mail change: UpdateUserPool keeps UserAttributeUpdateSettings (cognito-local drops them on update);
 * UpdateUserAttributes mails the code to the NEW address and, as those settings say, keeps the old one until the
 * code is confirmed; an address another account uses is refused (AliasExistsException);
 * AdminUpdateUserAttributes (the account Lambda's, once the password is proven) does the same;
 * GetUserAttributeVerificationCode resends to the pending address; VerifyUserAttribute checks the address is
 * still free.
 */
export function emailChangeTargets(base: Router, services: Services): Record<string, Route> {
  /**
   * The change itself, by token or by an administrator alike: schema checks, the address still free, the new
   * address kept pending (when the pool says so) and its code mailed to it.
   */
  async function updateAttributes(
    ctx: Context,
    pool: PoolService,
    user: User,
    attributes: { Name: string; Value?: string }[],
    clientMetadata: Record<string, string> | undefined,
  ) {
    const schema = pool.options.SchemaAttributes ?? [];
    for (const attr of attributes ?? []) {
      const known = schema.find((s: { Name?: string }) => s.Name === attr.Name);
      if (!known) throw new InvalidParameterError(`user.${attr.Name}: Attribute does not exist in the schema.`);
      if (known.Mutable === false)
        throw new InvalidParameterError(
          `user.${attr.Name}: Attribute cannot be updated. (changing an immutable attribute)`,
        );
    }
    const newEmail = attributes.find((a) => a.Name === 'email')?.Value?.trim();
    const emailChanges = newEmail !== undefined && newEmail !== attributeOf(user, 'email');
    if (emailChanges) await assertAddressFree(ctx, pool, user, newEmail);
    const keepOriginal =
      pool.options.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate?.includes('email') ?? false;
    const immediate = attributes.filter((a) => a.Name !== 'email' || (emailChanges && !keepOriginal));
    if (emailChanges && !keepOriginal) immediate.push({ Name: 'email_verified', Value: 'false' });
    const merged = new Map((user.Attributes ?? []).map((a) => [a.Name, a.Value]));
    for (const attr of immediate) {
      if (attr.Value) merged.set(attr.Name, attr.Value);
      else merged.delete(attr.Name);
    }
    const code = emailChanges ? services.otp() : undefined;
    const updated: User = {
      ...user,
      Attributes: [...merged].map(([Name, Value]) => ({ Name, Value })),
      UserLastModifiedDate: services.clock.get(),
      ...(emailChanges && keepOriginal
        ? {
            UnverifiedAttributeChanges: [
              { Name: 'email', Value: newEmail },
              { Name: 'email_verified', Value: 'false' },
            ],
          }
        : {}),
      ...(code ? { AttributeVerificationCode: code } : {}),
    };
    await pool.saveUser(ctx, updated);
    if (!code || !newEmail) return { CodeDeliveryDetailsList: [] };
    // Cognito mails the code to the address being verified: the new one.
    const delivery = emailDelivery(newEmail);
    await mailCode(services, ctx, {
      source: 'UpdateUserAttribute',
      poolId: pool.options.Id,
      user: updated,
      code,
      clientMetadata,
      delivery,
    });
    return { CodeDeliveryDetailsList: [delivery] };
  }

  return {
    UpdateUserPool: async (ctx, req: { UserPoolId: string; UserAttributeUpdateSettings?: unknown }) => {
      const result = await base('UpdateUserPool')(ctx, req);
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      await pool.updateOptions(ctx, {
        ...pool.options,
        UserAttributeUpdateSettings: req.UserAttributeUpdateSettings as UserPool['UserAttributeUpdateSettings'],
      });
      return result;
    },

    UpdateUserAttributes: async (
      ctx,
      req: {
        AccessToken: string;
        UserAttributes: { Name: string; Value?: string }[];
        ClientMetadata?: Record<string, string>;
      },
    ) => {
      const { pool, user } = await userOfToken(services, ctx, req.AccessToken);
      return updateAttributes(ctx, pool, user, req.UserAttributes ?? [], req.ClientMetadata);
    },

    // cognito-local's mails the code to the OLD address and replaces the address at once.
    AdminUpdateUserAttributes: async (
      ctx,
      req: {
        UserPoolId: string;
        Username: string;
        UserAttributes: { Name: string; Value?: string }[];
        ClientMetadata?: Record<string, string>;
      },
    ) => {
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError();
      await updateAttributes(ctx, pool, user, req.UserAttributes ?? [], req.ClientMetadata);
      return {};
    },

    GetUserAttributeVerificationCode: async (
      ctx,
      req: { AccessToken: string; AttributeName: string; ClientMetadata?: Record<string, string> },
    ) => {
      const { pool, user } = await userOfToken(services, ctx, req.AccessToken);
      if (req.AttributeName !== 'email') throw new InvalidParameterError('Only the email address is verified here.');
      const pending = user.UnverifiedAttributeChanges?.find((a) => a.Name === 'email')?.Value;
      const destination = pending ?? attributeOf(user, 'email');
      if (!destination) throw new InvalidParameterError('User has no email address.');
      const code = services.otp();
      await pool.saveUser(ctx, { ...user, AttributeVerificationCode: code });
      const delivery = emailDelivery(destination);
      await mailCode(services, ctx, {
        source: 'VerifyUserAttribute',
        poolId: pool.options.Id,
        user,
        code,
        clientMetadata: req.ClientMetadata,
        delivery,
      });
      return { CodeDeliveryDetails: delivery };
    },

    VerifyUserAttribute: async (ctx, req: { AccessToken: string; AttributeName: string; Code?: string }) => {
      const { pool, user } = await userOfToken(services, ctx, req.AccessToken);
      if (!req.Code || !user.AttributeVerificationCode || req.Code.trim() !== user.AttributeVerificationCode)
        throw new CodeMismatchError();
      const pending = user.UnverifiedAttributeChanges?.find((a) => a.Name === 'email')?.Value;
      // Another account may have taken the address since the code was sent.
      if (req.AttributeName === 'email' && pending) await assertAddressFree(ctx, pool, user, pending);
      return base('VerifyUserAttribute')(ctx, req);
    },
  };
}
