import type { PublicSurvey, SubmitResponseResult } from '@reviewroute/shared';
import type { SurveyPalette } from '@reviewroute/shared/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { startResponse, submitResponse } from '../lib/api';
import { pageChosenRating, pageRequestToken } from '../lib/request-link';
import { emptyDraft, loadDraft, removeDraft, saveDraft, type AnswerDraft } from '../lib/draft';
import {
  asksForContact,
  commentTooLong,
  emailLimit,
  minSubmitElapsedMs,
  nameLimit,
  nextStep,
  simpleEmailPattern,
  type Step,
} from '../lib/form-rules';
import { useI18n } from '../lib/i18n';
import { websiteConsentOf } from '../lib/website-consent';
import { CommentField } from './comment-field';
import { errorClass, inputClass } from './field-styles';
import { StarRating } from './star-rating';
import { StepIndicator } from './step-indicator';
import { usePrivacyPath } from './survey-footer';
import { SurveyButton } from './survey-button';
import type { ToastInput } from './toaster';
import { WebsiteConsentField } from './website-consent-field';

export interface Submitted {
  rating: number;
  comment: string;
  /** The customer left an e-mail address: the thank-you screen says the business may get in touch. */
  leftContact: boolean;
  result: SubmitResponseResult;
}

interface SurveyFormProps {
  survey: PublicSurvey;
  palette: SurveyPalette;
  toast: (toast: ToastInput) => void;
  onSubmitted: (submitted: Submitted) => void;
  /** Injected in tests. */
  submit?: typeof submitResponse;
  minElapsedMs?: number;
}

const draftHintMs = 2000;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The rating form (spec 2, 4, 5): stars, comment with counter, contact fields for low ratings, the draft. */
export function SurveyForm({
  survey,
  palette,
  toast,
  onSubmitted,
  submit = submitResponse,
  minElapsedMs = minSubmitElapsedMs,
}: SurveyFormProps) {
  const { t } = useI18n();
  const privacyPath = usePrivacyPath();
  const ids = useId();
  const code = survey.surveyCode;
  // A star tapped in the request mail (`?rating=4`) is the customer's latest choice: it wins over a saved draft's.
  const [chosen] = useState(pageChosenRating);
  const [draft, setDraft] = useState<AnswerDraft>(() => {
    const saved = loadDraft(code) ?? emptyDraft();
    return chosen ? { ...saved, rating: chosen } : saved;
  });
  const [step, setStep] = useState<Step>(() => nextStep(1, draft.rating, draft.comment));
  const [website, setWebsite] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // A 429 is being waited out before the one automatic retry: the customer sees why nothing happens yet.
  const [retrying, setRetrying] = useState(false);
  const [emailError, setEmailError] = useState(false);
  const [draftHint, setDraftHint] = useState(false);
  const hintTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // When the form appeared (state initialisers may be impure; refs may not be read during render).
  const [shownAt] = useState(() => Date.now());
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [consentNameMissing, setConsentNameMissing] = useState(false);
  const consentNameRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => clearTimeout(hintTimer.current), []);
  // A rating chosen in the mail: the customer has started, so the fill time runs from here (nothing is recorded).
  useEffect(() => {
    if (chosen) startResponse(code);
  }, [chosen, code]);

  /** Every change is saved at once (spec 4) and the hint shows for 2 s after the latest one. */
  function update(patch: Partial<Omit<AnswerDraft, 'timestamp' | 'idempotencyKey'>>) {
    // The first change is the customer starting: the API measures the fill time from here.
    startResponse(code);
    const next = { ...draft, ...patch, timestamp: Date.now() };
    setDraft(next);
    setStep((current) => nextStep(current, next.rating, next.comment));
    if (saveDraft(code, next)) {
      setDraftHint(true);
      clearTimeout(hintTimer.current);
      hintTimer.current = setTimeout(() => setDraftHint(false), draftHintMs);
    }
  }

  const contact = asksForContact(survey, draft.rating);
  const ratingId = `${ids}-rating`;
  const emailErrorId = `${ids}-email-error`;
  const submitHintId = `${ids}-submit-hint`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || draft.rating === null) return;
    if (commentTooLong(draft.comment)) {
      commentRef.current?.focus();
      return;
    }
    const email = contact ? draft.customerEmail.trim() : '';
    if (email && !simpleEmailPattern.test(email)) {
      setEmailError(true);
      emailRef.current?.focus();
      return;
    }
    const websiteConsent = websiteConsentOf(draft, contact);
    if (websiteConsent === 'missing') {
      setConsentNameMissing(true);
      consentNameRef.current?.focus();
      return;
    }
    setSubmitting(true);
    const requestToken = pageRequestToken();
    try {
      // The API refuses posts made faster than a person can fill the form; a quick tap-and-send by a real
      // customer waits out the remainder here instead of being refused.
      const early = minElapsedMs - (Date.now() - shownAt);
      if (early > 0) await wait(early + 50);
      const result = await submit(
        code,
        {
          rating: draft.rating,
          comment: draft.comment.trim() ? draft.comment : null,
          ...(contact && draft.customerName.trim() ? { customerName: draft.customerName.trim() } : {}),
          ...(contact && email ? { customerEmail: email } : {}),
          idempotencyKey: draft.idempotencyKey,
          // From a review request's personal link: the request is marked rated (nothing else is kept).
          ...(requestToken ? { requestToken } : {}),
          ...(websiteConsent ? { websiteConsent } : {}),
          website,
          elapsedMs: Date.now() - shownAt,
        },
        { onRetrying: () => setRetrying(true) },
      );
      removeDraft(code);
      // No success toast: the thank-you screen that replaces the form says it, and a toast would cover the logo.
      onSubmitted({ rating: draft.rating, comment: draft.comment.trim(), leftContact: Boolean(email), result });
    } catch {
      // The draft (and its idempotency key) stays: the next try is recognised if this one was stored.
      toast({ variant: 'error', title: t('toast.errorTitle'), description: t('toast.errorDescription') });
      setRetrying(false);
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <StepIndicator step={step} primary={palette.primary} onPrimary={palette.onPrimary} />

      <StarRating
        name={ratingId}
        value={draft.rating}
        onChange={(rating) => update({ rating })}
        legend={survey.customPrompt}
        accent={palette.accent}
      />

      <CommentField
        ref={commentRef}
        value={draft.comment}
        onChange={(comment) => update({ comment })}
        accent={palette.accent}
      />

      {contact && (
        <div className="grid gap-4" data-testid="contact-fields">
          <p className="text-sm">{t('contact.intro')}</p>
          <p className="text-xs" data-testid="privacy-note">
            {t('contact.privacy', { business: survey.businessName })}{' '}
            <a
              href={privacyPath}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-6 items-center underline underline-offset-2 hover:no-underline"
              style={{ outlineColor: palette.accent }}
            >
              {t('contact.privacyLink')}
              <span className="sr-only"> {t('thankYou.newTab')}</span>
            </a>
          </p>
          <div className="grid gap-2">
            <label htmlFor={`${ids}-name`} className="font-medium">
              {t('contact.name')}
            </label>
            <input
              id={`${ids}-name`}
              value={draft.customerName}
              onChange={(event) => update({ customerName: event.target.value })}
              autoComplete="name"
              maxLength={nameLimit}
              className={inputClass}
              style={{ outlineColor: palette.accent }}
            />
          </div>
          <div className="grid gap-2">
            <label htmlFor={`${ids}-email`} className="font-medium">
              {t('contact.email')}
            </label>
            <input
              id={`${ids}-email`}
              ref={emailRef}
              type="email"
              inputMode="email"
              value={draft.customerEmail}
              onChange={(event) => {
                setEmailError(false);
                update({ customerEmail: event.target.value });
              }}
              autoComplete="email"
              maxLength={emailLimit}
              aria-invalid={emailError || undefined}
              aria-describedby={emailError ? emailErrorId : undefined}
              className={inputClass}
              style={{ outlineColor: palette.accent }}
            />
            {emailError && (
              <p id={emailErrorId} className={errorClass}>
                {t('errors.emailInvalid')}
              </p>
            )}
          </div>
        </div>
      )}

      {draft.rating !== null && (
        <WebsiteConsentField
          draft={draft}
          businessName={survey.businessName}
          contactShown={contact}
          onChange={(patch) => {
            setConsentNameMissing(false);
            update(patch);
          }}
          nameMissing={consentNameMissing}
          accent={palette.accent}
          nameRef={consentNameRef}
        />
      )}

      {/* Honeypot (spec: scripts fill every field): off-screen, hidden from assistive technology, out of the tab order. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {t('honeypot')}
          <input
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </label>
      </div>

      <div className="grid gap-2">
        <SurveyButton
          type="submit"
          palette={palette}
          disabled={draft.rating === null || submitting}
          aria-describedby={draft.rating === null ? submitHintId : undefined}
        >
          {submitting ? t('submitting') : t('submit')}
        </SurveyButton>
        {draft.rating === null && (
          <p id={submitHintId} className="text-center text-sm">
            {t('errors.ratingRequired')}
          </p>
        )}
        <p aria-live="polite" className="min-h-5 text-center text-sm" data-testid="draft-hint">
          {retrying ? t('busyRetrying') : draftHint ? t('draftSaved') : ''}
        </p>
      </div>
    </form>
  );
}
