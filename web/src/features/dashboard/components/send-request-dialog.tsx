import { Check, Copy, Mail, MessageSquare } from 'lucide-react';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('dashboard');
  const email = t('sendRequest.emailTemplate', { url });
  const sms = t('sendRequest.smsTemplate', { url });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('sendRequest.close')} className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('sendRequest.title')}</DialogTitle>
          <DialogDescription>{t('sendRequest.description')}</DialogDescription>
        </DialogHeader>
        <Template
          id="email"
          icon={<Mail aria-hidden="true" className="size-4" />}
          title={t('sendRequest.email')}
          text={email}
          copyLabel={t('sendRequest.copyEmail')}
          openLabel={t('sendRequest.openMail')}
          href={mailtoHref(t('sendRequest.emailSubject'), email)}
        />
        <Template
          id="sms"
          icon={<MessageSquare aria-hidden="true" className="size-4" />}
          title={t('sendRequest.sms')}
          text={sms}
          copyLabel={t('sendRequest.copySms')}
          openLabel={t('sendRequest.openSms')}
          href={smsHref(sms)}
        />
      </DialogContent>
    </Dialog>
  );
}

interface TemplateProps {
  id: string;
  icon: ReactNode;
  title: string;
  text: string;
  copyLabel: string;
  openLabel: string;
  href: string;
}

function Template({ id, icon, title, text, copyLabel, openLabel, href }: TemplateProps) {
  const { t } = useTranslation('dashboard');
  // The message carries the survey link: copying it counts as sharing the URL (onboarding step 2).
  const { copied, copy } = useCopyButton(() => void recordSurveyUrlCopied());
  return (
    <section aria-labelledby={`template-${id}-title`} className="grid gap-2">
      <h3 id={`template-${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title}
      </h3>
      <p className="bg-muted rounded-md p-3 text-sm break-words" data-testid={`${id}-template`}>
        {text}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy(text)}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-live="polite">{copied ? t('sendRequest.copied') : copyLabel}</span>
        </Button>
        <Button asChild size="sm" variant="secondary">
          <a href={href}>{openLabel}</a>
        </Button>
      </div>
    </section>
  );
}
