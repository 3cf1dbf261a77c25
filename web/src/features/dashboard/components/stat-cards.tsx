import { ExternalLink, type LucideIcon, MessageSquare, Star, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Language, type SurveyStats } from '@reviewroute/shared';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLanguage } from '@/lib/use-language';
import { formatAverage, formatCount } from '../lib/format';

interface StatCardProps {
  id: string;
  icon: LucideIcon;
  title: string;
  hint: string;
  /** undefined while loading; null when there is nothing to show (an average of no ratings). */
  value: string | null | undefined;
  /** Read out instead of the dash of a null value. */
  noValue: string;
}

function StatCard({ id, icon: Icon, title, hint, value, noValue }: StatCardProps) {
  return (
    <Card className="gap-2 py-5" data-testid={`stat-${id}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-5">
        <h3 id={`stat-${id}-title`} className="text-muted-foreground text-sm font-medium">
          {title}
        </h3>
        <Icon aria-hidden="true" className="text-muted-foreground size-4" />
      </CardHeader>
      <CardContent className="px-5">
        {value === undefined ? (
          <Skeleton className="h-9 w-16" />
        ) : (
          <p className="text-3xl font-bold tabular-nums" aria-describedby={`stat-${id}-title`} data-testid="stat-value">
            {value ?? (
              <>
                <span aria-hidden="true">–</span>
                <span className="sr-only">{noValue}</span>
              </>
            )}
          </p>
        )}
        <p className="text-muted-foreground mt-1 text-xs">{hint}</p>
      </CardContent>
    </Card>
  );
}

/**
 * The numbers of spec 2 and the one that matters most: responses (spec 2's "review count": every rating, the
 * private feedback included, so the card says responses, not reviews), average rating (one decimal), 5-star
 * count, and the customers who clicked through to Google, the nearest the product sees of a public review.
 * Without any rating there is no average: a dash, not "0.0", which would read as the worst score.
 */
const statCards = [
  { id: 'review-count', icon: MessageSquare, key: 'reviewCount', format: formatCount },
  {
    id: 'average-rating',
    icon: Star,
    key: 'averageRating',
    format: (value: number, language: Language, stats: SurveyStats) =>
      stats.reviewCount === 0 ? null : formatAverage(value, language),
  },
  { id: 'five-star-count', icon: Trophy, key: 'fiveStarCount', format: formatCount },
  { id: 'review-clicks', icon: ExternalLink, key: 'reviewClicks', format: formatCount },
] as const;

export function StatCards({ stats }: { stats: SurveyStats | undefined }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  return (
    <section aria-labelledby="stats-heading" aria-busy={!stats}>
      <h2 id="stats-heading" className="sr-only">
        {t('stats.heading')}
      </h2>
      {!stats && (
        <span role="status" className="sr-only">
          {t('stats.loading')}
        </span>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {statCards.map(({ id, icon, key, format }) => (
          <StatCard
            key={id}
            id={id}
            icon={icon}
            title={t(`stats.${key}`)}
            hint={t(`stats.${key}Hint`)}
            value={stats && format(stats[key], language, stats)}
            noValue={t('stats.noRatingsYet')}
          />
        ))}
      </div>
    </section>
  );
}
