import { describe, expect, it } from 'vitest';
import { linksIn, withoutLinks } from './review-requests';

describe('links in the owner’s text (a trial’s requests carry none but the survey’s)', () => {
  it('finds web addresses with a scheme, with www. and bare domain names, never {url} or an e-mail address', () => {
    expect(
      linksIn('Hi {name}! Rate us: {url}. Offer: https://bad.example/x?y=1, www.deal.example and bakkerij.nl/actie'),
    ).toEqual(['https://bad.example/x?y=1,', 'www.deal.example', 'bakkerij.nl/actie']);
    expect(linksIn('Questions? Mail anna@bakkerij.nl or call 020-1234567 at 10.30. Thanks, Mr. Jones {url}')).toEqual(
      [],
    );
    expect(linksIn('HTTP://SHOUT.EXAMPLE.COM and Shop.NL')).toEqual(['HTTP://SHOUT.EXAMPLE.COM', 'Shop.NL']);
  });

  it('takes them out and keeps the rest, {url} included', () => {
    expect(withoutLinks('Rate us: {url} or see https://bad.example now')).toBe('Rate us: {url} or see now');
    expect(linksIn(withoutLinks('a www.x.com b shop.nl/x c {url}'))).toEqual([]);
  });
});
