import { EyeOff, Globe, Route } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  websiteHideReasons,
  type InboxItem,
  type ResponseEvidence,
  type WebsiteHideReason,
} from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLanguage } from '@/lib/use-language';

/**
 * How the response was invited, when, and what the survey offered then (decisions 27's evidence): one short
 * line. Nothing for a response stored before it was recorded.
 */
export function EvidenceLine({ evidence }: { evidence: ResponseEvidence | null }) {
  const { t } = useTranslation('inbox');
  const language = useLanguage();
  if (!evidence) return null;
  const sent = evidence.invitedAt
    ? `, ${t('evidence.sentAt', { date: formatDateTime(evidence.invitedAt, language) })}`
    : '';
  const offer = evidence.everyoneOfferedPublicReview ? t('evidence.offeredEveryone') : t('evidence.offeredFiveOnly');
  return (
    <p className="text-muted-foreground flex items-start gap-1.5 text-xs" data-testid="inbox-evidence">
      <Route aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        {t(`evidence.${evidence.invitation}`)}
        {sent} · {offer}
      </span>
    </p>
  );
}

interface WebsiteConsentLineProps {
  consent: InboxItem['websiteConsent'];
  busy: boolean;
  onHide: (reason: WebsiteHideReason) => void;
}

/**
 * The customer's consent to the owner's website and the one change the owner may make to it: "Not shown on
 * website", for one of decisions 27's reasons, never undone. Nothing without a consent.
 */
export function WebsiteConsentLine({ consent, busy, onHide }: WebsiteConsentLineProps) {
  const { t } = useTranslation('inbox');
  if (!consent) return null;
  if (consent.hiddenReason)
    return (
      <p className="text-muted-foreground flex items-center gap-1.5 text-xs" data-testid="inbox-website">
        <EyeOff aria-hidden="true" className="size-3.5 shrink-0" />
        {t('website.hidden', { reason: t(`website.hiddenReasons.${consent.hiddenReason}`) })}
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs" data-testid="inbox-website">
      <p className="flex items-center gap-1.5">
        <Globe aria-hidden="true" className="size-3.5 shrink-0" />
        {t('website.allowed', { name: consent.shownAs })}
      </p>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="outline" size="sm" disabled={busy} data-testid="inbox-website-hide">
            <EyeOff aria-hidden="true" />
            {t('website.hide')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuLabel className="text-muted-foreground text-xs font-normal">
            {t('website.hideTitle')}
          </DropdownMenuLabel>
          {websiteHideReasons.map((reason) => (
            <DropdownMenuItem key={reason} onSelect={() => onHide(reason)} data-testid={`inbox-website-hide-${reason}`}>
              {t(`website.reasons.${reason}`)}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
