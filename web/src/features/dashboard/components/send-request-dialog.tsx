import { Check, Copy, type LucideIcon, Mail, MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languageOfSurveyLink } from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { recordSurveyUrlCopied } from '@/features/surveys/lib/survey-url-copied';
import { mailtoHref, smsHref } from '../lib/request-templates';
import { useCopyButton } from '@/hooks/use-copy-button';

interface SendRequestDialogProps {
  url: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Quick action "send request" (spec 2, templates of spec 9): copy the e-mail or SMS, or open it prefilled. */
export function SendRequestDialog({ url, open, onOpenChange }: SendRequestDialogProps) {
  const { t, i18n } = useTranslation('dashboard');
  // The messages go to customers: in the survey's language, which its link carries (decisions 17).
  const inSurveyLanguage = i18n.getFixedT(languageOfSurveyLink(url), 'dashboard');
  const email = inSurveyLanguage('sendRequest.email.template', { url });
  const sms = inSurveyLanguage('sendRequest.sms.template', { url });
  const templates: TemplateProps[] = [
    {
      kind: 'email',
      icon: Mail,
      text: email,
      href: mailtoHref(inSurveyLanguage('sendRequest.emailSubject'), email),
    },
    { kind: 'sms', icon: MessageSquare, text: sms, href: smsHref(sms) },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('sendRequest.close')} className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('sendRequest.title')}</DialogTitle>
          <DialogDescription>{t('sendRequest.description')}</DialogDescription>
        </DialogHeader>
        {templates.map((template) => (
          <Template key={template.kind} {...template} />
        ))}
      </DialogContent>
    </Dialog>
  );
}

interface TemplateProps {
  kind: 'email' | 'sms';
  icon: LucideIcon;
  text: string;
  /** Opens the message prefilled in the mail or SMS app. */
  href: string;
}

function Template({ kind, icon: Icon, text, href }: TemplateProps) {
  const { t } = useTranslation('dashboard');
  // The message carries the survey link: copying it counts as sharing the URL (onboarding step 2).
  const { copied, copy } = useCopyButton(() => void recordSurveyUrlCopied());
  return (
    <section aria-labelledby={`template-${kind}-title`} className="grid gap-2">
      <h3 id={`template-${kind}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <Icon aria-hidden="true" className="size-4" />
        {t(`sendRequest.${kind}.title`)}
      </h3>
      <p className="bg-muted rounded-md p-3 text-sm wrap-anywhere" data-testid={`${kind}-template`}>
        {text}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy(text)}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-live="polite">{copied ? t('sendRequest.copied') : t(`sendRequest.${kind}.copy`)}</span>
        </Button>
        <Button asChild size="sm" variant="secondary">
          <a href={href}>{t(`sendRequest.${kind}.open`)}</a>
        </Button>
      </div>
    </section>
  );
}
