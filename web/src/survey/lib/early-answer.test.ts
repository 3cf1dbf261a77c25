import { afterEach, describe, expect, it } from 'vitest';
import { loadDraft, removeDraft } from './draft';
import { keepEarlyAnswer } from './early-answer';

const page = (html: string) => {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root')!;
};
const form = `<form>${[1, 2, 3, 4, 5].map((n) => `<input type="radio" name="r" value="${n}">`).join('')}<textarea></textarea></form>`;

afterEach(() => removeDraft('abcd2345'));

describe('an answer given before the app arrived', () => {
  it('is kept as the draft: the star tapped and the comment typed', () => {
    const root = page(form);
    root.querySelector<HTMLInputElement>('input[value="4"]')!.checked = true;
    root.querySelector('textarea')!.value = 'Quick service';
    expect(keepEarlyAnswer(root, 'abcd2345')).toBe(true);
    expect(loadDraft('abcd2345')).toMatchObject({ rating: 4, comment: 'Quick service' });
  });

  it('leaves nothing when the customer did nothing yet', () => {
    expect(keepEarlyAnswer(page(form), 'abcd2345')).toBe(false);
    expect(loadDraft('abcd2345')).toBeUndefined();
  });
});
