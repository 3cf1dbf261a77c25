import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { uuidPattern } from './ids';
import type { MailLinkKey } from './mail-link-key';

/**
 * A customer's tokens: each names the request (its batch and row) and proves it with a secret, and says nothing
 * of the address. base64url of the batch id's 16 bytes, the row index (2 bytes) and the 16-byte secret: 46
 * characters, one GetItem to resolve, no index and no extra item. A request has two, with secrets of their own:
 * the personal survey link's (`link`) and the unsubscribe link's (`unsubscribe`), so a forwarded survey link
 * cannot unsubscribe its customer. Each secret is an HMAC of its purpose and the request under the mail-link key,
 * so the requests worker can put it in the request and its reminder days later; the table keeps only its
 * SHA-256 (`tokenSecretHash`), compared with the hash of a token's secret.
 */

const secretBytes = 16;

/** What a token is for; its secret is derived for that purpose alone. */
export type RequestTokenPurpose = 'link' | 'unsubscribe';

/** A request's secret for one purpose (base64url), under the mail-link key. */
export function requestTokenSecret(
  key: string,
  purpose: RequestTokenPurpose,
  batchId: string,
  recipientId: string,
): string {
  return createHmac('sha256', key)
    .update(`review-request-${purpose}:${batchId}:${recipientId}`)
    .digest()
    .subarray(0, secretBytes)
    .toString('base64url');
}

/** What the table keeps of a token's secret: its SHA-256, base64url. */
export const tokenSecretHash = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** The stored hashes of a request's two secrets. */
export interface RequestTokenHashes {
  linkHash: string;
  unsubscribeHash: string;
}

/** A request's two tokens, as its mails carry them. */
export interface RequestTokens {
  token: string;
  unsubscribeToken: string;
}

/**
 * A request's tokens and their hashes under the mail-link key (read once per container); without a key none can
 * be made, and creating or sending a request fails rather than send a link nobody could check.
 */
export function requestTokensOf(mailLinkKey: MailLinkKey) {
  async function key(): Promise<string> {
    const value = await mailLinkKey();
    if (!value) throw new Error('No mail-link key (MAIL_LINK_SECRET_ARN / MAIL_LINK_SECRET): review requests need it');
    return value;
  }
  return {
    /** The hashes to store with new requests (the key read once for the whole batch). */
    async hasher(): Promise<(batchId: string, recipientId: string) => RequestTokenHashes> {
      const k = await key();
      return (batchId, recipientId) => ({
        linkHash: tokenSecretHash(requestTokenSecret(k, 'link', batchId, recipientId)),
        unsubscribeHash: tokenSecretHash(requestTokenSecret(k, 'unsubscribe', batchId, recipientId)),
      });
    },
    /**
     * The tokens of a request's mail. A request stored before the secrets were hashed still holds its one plaintext
     * secret, and keeps using it for both links (the only secret its first mail's links can carry).
     */
    async tokensOf(r: { batchId: string; id: string; secret?: string | null }): Promise<RequestTokens> {
      if (r.secret) {
        const token = encodeRequestToken(r.batchId, r.id, r.secret);
        return { token, unsubscribeToken: token };
      }
      const k = await key();
      return {
        token: encodeRequestToken(r.batchId, r.id, requestTokenSecret(k, 'link', r.batchId, r.id)),
        unsubscribeToken: encodeRequestToken(r.batchId, r.id, requestTokenSecret(k, 'unsubscribe', r.batchId, r.id)),
      };
    },
  };
}

export type RequestTokenSource = ReturnType<typeof requestTokensOf>;

export function encodeRequestToken(batchId: string, recipientId: string, secret: string): string {
  const id = Buffer.from(batchId.replace(/-/g, ''), 'hex');
  const row = Buffer.alloc(2);
  row.writeUInt16BE(Number(recipientId));
  return Buffer.concat([id, row, Buffer.from(secret, 'base64url')]).toString('base64url');
}

export interface DecodedToken {
  batchId: string;
  recipientId: string;
  secret: string;
}

/** The token's parts; undefined for anything that is not one of ours. */
export function decodeRequestToken(token: string): DecodedToken | undefined {
  if (!/^[A-Za-z0-9_-]{46}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 16 + 2 + secretBytes) return undefined;
  const hex = bytes.subarray(0, 16).toString('hex');
  const batchId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!uuidPattern.test(batchId)) return undefined;
  return {
    batchId,
    recipientId: String(bytes.readUInt16BE(16)).padStart(5, '0'),
    secret: bytes.subarray(18).toString('base64url'),
  };
}

/** Constant-time comparison of two strings. */
function sameText(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a recipient keeps of its secrets: their hashes, or (stored before hashing) the one plaintext secret. */
export type StoredTokenSecrets = { [K in keyof RequestTokenHashes]?: string | null } & { secret?: string | null };

/**
 * Whether a token's secret proves the request for this purpose: its hash is the stored hash of that purpose (so
 * the survey link's secret never unsubscribes). A request stored before hashing compares its plaintext secret,
 * which both links of its mails carried.
 */
export function tokenProves(stored: StoredTokenSecrets, purpose: RequestTokenPurpose, given: string): boolean {
  const hash = purpose === 'link' ? stored.linkHash : stored.unsubscribeHash;
  if (hash) return sameText(tokenSecretHash(given), hash);
  return !!stored.secret && sameText(given, stored.secret);
}
