import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { surveyMessageKeyOf } from '@reviewroute/shared';

/**
 * Translates a survey rule's message (the shared schemas and the API speak English, spec 5) through its key;
 * a message without a key is shown as it is.
 */
export function useSurveyMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('wizard');
  return useCallback(
    (message) => {
      if (!message) return undefined;
      const key = surveyMessageKeyOf(message);
      return key ? t(`validation.${key}`) : message;
    },
    [t],
  );
}
