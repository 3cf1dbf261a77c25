import { useId, type Ref } from 'react';
import { consentNameMaxLength, consentNameStyles, shownNameOf } from '@reviewroute/shared/domain';
import type { AnswerDraft } from '../lib/draft';
import { useI18n } from '../lib/i18n';
import { consentNameOf } from '../lib/website-consent';
import { errorClass, inputClass } from './field-styles';

type ConsentDraft = Pick<AnswerDraft, 'showOnWebsite' | 'websiteNameStyle' | 'websiteName' | 'customerName'>;

interface WebsiteConsentFieldProps {
  draft: ConsentDraft;
  businessName: string;
  /** The contact fields are shown: a name typed there is the one used, so no second name field while it is. */
  contactShown: boolean;
  onChange: (patch: Partial<Omit<ConsentDraft, 'customerName'>>) => void;
  /** Ticked without a name to show: the form refused to send and focused the field. */
  nameMissing: boolean;
  accent: string;
  nameRef?: Ref<HTMLInputElement>;
}

const labelKey = { 'first-name': 'website.firstName', initials: 'website.initials' } as const;

/**
 * Decisions 27: an unticked box that lets the customer allow their rating and comment on the business's
 * website; ticked, their choice of first name or initials, the name when none was typed yet, and how it will
 * read there.
 */
export function WebsiteConsentField({
  draft,
  businessName,
  contactShown,
  onChange,
  nameMissing,
  accent,
  nameRef,
}: WebsiteConsentFieldProps) {
  const { t } = useI18n();
  const ids = useId();
  const name = consentNameOf(draft, contactShown);
  const usesContactName = contactShown && draft.customerName.trim() !== '';
  const shown = shownNameOf(name, draft.websiteNameStyle);
  const errorId = `${ids}-name-error`;
  return (
    <div className="grid gap-3" data-testid="website-consent">
      <label className="flex min-h-6 items-start gap-3">
        <input
          type="checkbox"
          checked={draft.showOnWebsite}
          onChange={(event) => onChange({ showOnWebsite: event.target.checked })}
          className="mt-0.5 size-5 shrink-0"
          style={{ accentColor: accent, outlineColor: accent }}
        />
        <span>{t('website.consent', { business: businessName })}</span>
      </label>
      {draft.showOnWebsite && (
        <div className="grid gap-3 ps-8">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('website.nameStyle')}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {consentNameStyles.map((style) => (
                <label key={style} className="flex min-h-6 items-center gap-2">
                  <input
                    type="radio"
                    name={`${ids}-style`}
                    value={style}
                    checked={draft.websiteNameStyle === style}
                    onChange={() => onChange({ websiteNameStyle: style })}
                    className="size-4"
                    style={{ accentColor: accent, outlineColor: accent }}
                  />
                  {t(labelKey[style])}
                </label>
              ))}
            </div>
          </fieldset>
          {!usesContactName && (
            <div className="grid gap-2">
              <label htmlFor={`${ids}-name`} className="text-sm font-medium">
                {t('website.name')}
              </label>
              <input
                id={`${ids}-name`}
                ref={nameRef}
                value={draft.websiteName}
                onChange={(event) => onChange({ websiteName: event.target.value })}
                autoComplete="given-name"
                maxLength={consentNameMaxLength}
                aria-invalid={nameMissing || undefined}
                aria-describedby={nameMissing ? errorId : undefined}
                className={inputClass}
                style={{ outlineColor: accent }}
              />
              {nameMissing && (
                <p id={errorId} className={errorClass}>
                  {t('website.nameRequired')}
                </p>
              )}
            </div>
          )}
          {shown && (
            <p className="text-sm" aria-live="polite" data-testid="website-shown-as">
              {t('website.shownAs', { name: shown })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
