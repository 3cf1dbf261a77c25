import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type FeedbackItem } from '@reviewroute/shared';
import { LoadingStatus } from '@/components/loading-status';
import { ContactDetails } from '@/components/contact-details';
import { RatingStars } from '@/components/rating-stars';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/lib/use-language';
import { formatFeedbackDate, formatFullDate } from '../lib/format';
import { replyHref } from '../lib/request-templates';

/** Spec 2: the latest 10 non-empty comments, newest first, with the contact details a low rating left. */
export function RecentFeedback({ items }: { items: FeedbackItem[] | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card data-testid="recent-feedback">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('feedback.title')}</h2>
        </CardTitle>
        <CardDescription>{t('feedback.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {!items ? (
          <LoadingStatus label={t('feedback.loading')} shapes={['h-16 w-full', 'h-16 w-full']} />
        ) : items.length === 0 ? (
          <div className="text-muted-foreground flex flex-col items-center gap-2 rounded-md border border-dashed px-4 py-8 text-center text-sm">
            <MessageSquareText aria-hidden="true" className="size-6" />
            <p className="text-foreground font-medium">{t('feedback.empty')}</p>
            <p>{t('feedback.emptyHint')}</p>
          </div>
        ) : (
          <ul className="divide-y">
            {items.map((item) => (
              <FeedbackEntry key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function FeedbackEntry({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  return (
    <li className="grid gap-2 py-3 first:pt-0 last:pb-0" data-testid="feedback-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={item.rating} />
        <time
          dateTime={item.createdAt}
          title={formatFullDate(item.createdAt, language)}
          className="text-muted-foreground text-xs"
        >
          {formatFeedbackDate(item.createdAt, language, t('feedback.justNow'))}
        </time>
      </div>
      <p className="text-sm wrap-anywhere whitespace-pre-line" data-testid="feedback-comment">
        {item.comment}
      </p>
      <ContactDetails name={item.customerName} email={item.customerEmail} emailHref={replyHref} />
    </li>
  );
}
