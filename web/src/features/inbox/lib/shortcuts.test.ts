import { describe, expect, it } from 'vitest';
import { shortcutOf } from './shortcuts';

const press = (key: string, target: EventTarget | null = document.body, init: Partial<KeyboardEvent> = {}) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  defaultPrevented: false,
  target,
  ...init,
});

const element = (html: string, selector: string): HTMLElement => {
  document.body.innerHTML = html;
  return document.querySelector<HTMLElement>(selector)!;
};

describe('inbox shortcuts', () => {
  it('reads j, k, x, h and ? anywhere on the page, the arrows only on a response', () => {
    expect(shortcutOf(press('j'), false)).toBe('next');
    expect(shortcutOf(press('k'), false)).toBe('previous');
    expect(shortcutOf(press('x'), false)).toBe('select');
    expect(shortcutOf(press('h'), false)).toBe('toggleHandled');
    expect(shortcutOf(press('?'), false)).toBe('help');
    expect(shortcutOf(press('ArrowDown'), false)).toBeUndefined();
    expect(shortcutOf(press('ArrowDown'), true)).toBe('next');
    expect(shortcutOf(press('ArrowUp'), true)).toBe('previous');
    expect(shortcutOf(press('J'), false)).toBeUndefined();
    expect(shortcutOf(press('a'), false)).toBeUndefined();
  });

  it('leaves keys with a modifier, or already handled, to whoever wants them', () => {
    expect(shortcutOf(press('j', document.body, { ctrlKey: true }), false)).toBeUndefined();
    expect(shortcutOf(press('x', document.body, { metaKey: true }), false)).toBeUndefined();
    expect(shortcutOf(press('k', document.body, { altKey: true }), false)).toBeUndefined();
    expect(shortcutOf(press('j', document.body, { defaultPrevented: true }), false)).toBeUndefined();
    expect(shortcutOf(press('j', document.body, { isComposing: true }), false)).toBeUndefined();
  });

  it('never takes a key typed into a field, nor one meant for an open dialog, list or select', () => {
    expect(shortcutOf(press('j', element('<input type="search">', 'input')), false)).toBeUndefined();
    expect(shortcutOf(press('x', element('<textarea></textarea>', 'textarea')), true)).toBeUndefined();
    expect(shortcutOf(press('h', element('<div contenteditable="true"></div>', 'div')), false)).toBeUndefined();
    expect(shortcutOf(press('k', element('<div role="dialog"><button>Close</button></div>', 'button')), false)).toBe(
      undefined,
    );
    expect(
      shortcutOf(press('j', element('<div role="listbox"><div role="option">1</div></div>', '[role=option]')), false),
    ).toBeUndefined();
    expect(shortcutOf(press('j', element('<button role="combobox">Rating</button>', 'button')), false)).toBeUndefined();
    // A response's own checkbox and buttons are part of the list: the keys work there.
    expect(shortcutOf(press('x', element('<ul><li><input type="checkbox"></li></ul>', 'input')), true)).toBe('select');
    expect(shortcutOf(press('j', element('<ul><li><button>Reply</button></li></ul>', 'button')), true)).toBe('next');
  });
});
