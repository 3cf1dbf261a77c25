import { useTranslation } from 'react-i18next';
import { messageKeyOf, rowErrorValues } from './customer-rows';

/** The owner's words for a shared schema message (a row's, the template's, the send's), limits included. */
export function useRowError() {
  const { t } = useTranslation('requests');
  return (message: string | undefined) =>
    message ? t(`rowErrors.${messageKeyOf(message)}`, rowErrorValues) : undefined;
}
