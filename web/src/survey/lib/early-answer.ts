import { emptyDraft, loadDraft, saveDraft } from './draft';

/**
 * What a customer did on a written page before the app arrived: a star tapped (the radio is checked by the browser
 * alone) or a comment typed. Hydrating would keep React's empty state under that markup and lose it, so it is kept
 * as the survey's draft, which the app then starts from (rendered anew). True when there was something to keep.
 */
export function keepEarlyAnswer(root: HTMLElement, surveyCode: string): boolean {
  const star = root.querySelector<HTMLInputElement>('input[type="radio"]:checked');
  const comment = root.querySelector('textarea')?.value ?? '';
  if (!star && !comment) return false;
  const draft = loadDraft(surveyCode) ?? emptyDraft();
  saveDraft(surveyCode, {
    ...draft,
    ...(star ? { rating: Number(star.value) } : {}),
    ...(comment ? { comment } : {}),
    timestamp: Date.now(),
  });
  return true;
}
