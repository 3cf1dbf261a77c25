import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml } from './html';

describe('escapeHtml', () => {
  it('turns the characters that end a text or a quoted attribute into entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('leaves everything else as it is', () => {
    expect(escapeHtml('Café {####} 123 / é')).toBe('Café {####} 123 / é');
  });
});

describe('escapeXml', () => {
  it('is the same escape: its entities and the character reference &#39; are all valid XML', () => {
    expect(escapeXml(`Joe's "Bar" & <Grill>`)).toBe('Joe&#39;s &quot;Bar&quot; &amp; &lt;Grill&gt;');
  });
});
