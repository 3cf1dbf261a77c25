import { useTranslation } from 'react-i18next';
import { EmailAddress } from '@/components/email-address';

interface ContactDetailsProps {
  name: string | null;
  email: string | null;
  /** Makes the address a link (a reply drafted for it); without it the address is plain text. */
  emailHref?: (email: string) => string;
  'data-testid'?: string;
}

/**
 * The contact details a customer left with a response (a name, an e-mail address, or both) as a small list on a
 * muted box; nothing when they left none. The dashboard's recent feedback and the inbox both show them this way.
 */
export function ContactDetails({ name, email, emailHref, 'data-testid': testId }: ContactDetailsProps) {
  const { t } = useTranslation('common');
  if (!name && !email) return null;
  return (
    <dl
      aria-label={t('response.contact')}
      className="bg-muted grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md p-2 text-xs"
      data-testid={testId}
    >
      {name && (
        <>
          <dt className="text-muted-foreground">{t('response.name')}</dt>
          <dd className="break-words">{name}</dd>
        </>
      )}
      {email && (
        <>
          <dt className="text-muted-foreground">{t('response.email')}</dt>
          <dd className="min-w-0">
            {emailHref ? (
              <a href={emailHref(email)} className="underline underline-offset-2">
                <EmailAddress value={email} />
              </a>
            ) : (
              <EmailAddress value={email} />
            )}
          </dd>
        </>
      )}
    </dl>
  );
}
