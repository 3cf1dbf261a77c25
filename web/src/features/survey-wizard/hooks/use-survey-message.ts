import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { surveyMessageKeyOf } from '@reviewroute/shared';

/**
 * Translates a survey rule's message (the shared schemas and the API speak English, spec 5) through its key;
 * a message without a key is shown as it is. "Too long" names the field's limit when the caller knows it.
 */
export function useSurveyMessage(): (message: string | undefined, maxLength?: number) => string | undefined {
  const { t } = useTranslation('wizard');
  return useCallback(
    (message, maxLength) => {
      if (!message) return undefined;
      const key = surveyMessageKeyOf(message);
      if (key === 'textTooLong' && maxLength !== undefined) return t('validation.textTooLongMax', { max: maxLength });
      return key ? t(`validation.${key}`) : message;
    },
    [t],
  );
}
