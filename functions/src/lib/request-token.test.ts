import { describe, expect, it } from 'vitest';
import {
  decodeRequestToken,
  encodeRequestToken,
  requestTokenSecret,
  requestTokensOf,
  tokenProves,
  tokenSecretHash,
} from './request-token';

const batchId = '0190d7b0-0000-7000-8000-000000000001';
const tokens = requestTokensOf(async () => 'key-one');

describe('review request tokens', () => {
  it('derive two secrets per request, one per purpose, reproducible under the same key only', async () => {
    const { token, unsubscribeToken } = await tokens.tokensOf({ batchId, id: '00007' });
    const link = decodeRequestToken(token)!;
    const unsubscribe = decodeRequestToken(unsubscribeToken)!;
    expect(link).toMatchObject({ batchId, recipientId: '00007' });
    expect(unsubscribe).toMatchObject({ batchId, recipientId: '00007' });
    expect(link.secret).not.toBe(unsubscribe.secret);
    expect(await tokens.tokensOf({ batchId, id: '00007' })).toEqual({ token, unsubscribeToken });
    expect(requestTokenSecret('key-two', 'link', batchId, '00007')).not.toBe(link.secret);
    expect(requestTokenSecret('key-one', 'link', batchId, '00008')).not.toBe(link.secret);
  });

  it('store only the hashes, which prove each token for its own purpose alone', async () => {
    const stored = (await tokens.hasher())(batchId, '00007');
    const { token, unsubscribeToken } = await tokens.tokensOf({ batchId, id: '00007' });
    const link = decodeRequestToken(token)!.secret;
    const unsubscribe = decodeRequestToken(unsubscribeToken)!.secret;
    expect(stored).toEqual({ linkHash: tokenSecretHash(link), unsubscribeHash: tokenSecretHash(unsubscribe) });
    expect(Object.values(stored)).not.toContain(link);
    expect(tokenProves(stored, 'link', link)).toBe(true);
    expect(tokenProves(stored, 'unsubscribe', unsubscribe)).toBe(true);
    // A forwarded survey link cannot unsubscribe, nor the reverse.
    expect(tokenProves(stored, 'unsubscribe', link)).toBe(false);
    expect(tokenProves(stored, 'link', unsubscribe)).toBe(false);
    // The hash itself is no secret that opens anything.
    expect(tokenProves(stored, 'link', stored.linkHash)).toBe(false);
  });

  it('honour a request stored before hashing with its one plaintext secret, for both links', async () => {
    const secret = Buffer.alloc(16, 5).toString('base64url');
    const legacy = { linkHash: null, unsubscribeHash: null, secret };
    expect(tokenProves(legacy, 'link', secret)).toBe(true);
    expect(tokenProves(legacy, 'unsubscribe', secret)).toBe(true);
    expect(tokenProves(legacy, 'link', Buffer.alloc(16, 6).toString('base64url'))).toBe(false);
    const token = encodeRequestToken(batchId, '00001', secret);
    expect(await tokens.tokensOf({ batchId, id: '00001', secret })).toEqual({ token, unsubscribeToken: token });
    expect(tokenProves({ linkHash: null, unsubscribeHash: null, secret: null }, 'link', secret)).toBe(false);
  });

  it('refuse to make a token without a key', async () => {
    await expect(requestTokensOf(async () => undefined).tokensOf({ batchId, id: '00001' })).rejects.toThrow(
      /mail-link key/,
    );
  });
});
