import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  funnelOutcomes,
  funnelRates,
  funnelStages,
  intlLocales,
  requestChannels,
  type FunnelCounts,
  type RequestChannel,
} from '@reviewroute/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLanguage } from '@/lib/use-language';
import { useRequestFunnel } from '../api/get-request-funnel';

/**
 * A survey's review-request funnel per channel (e-mail, text): sent -> delivered -> opened -> rated -> clicked
 * through to Google, each with its count and its share of the step before, and beside them what went wrong (failed,
 * unsubscribed, bounced, marked as spam). A channel nothing was sent by is left out. Shown on the requests page and,
 * for the selected survey, the dashboard.
 */
export function RequestFunnelCard({ surveyId, className }: { surveyId: string; className?: string }) {
  const { t } = useTranslation('requests');
  const funnel = useRequestFunnel(surveyId);
  const used = funnel.data
    ? requestChannels.filter((channel) => funnel.data[channel].sent + funnel.data[channel].failed > 0)
    : [];
  return (
    <Card className={className} data-testid="request-funnel">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t('funnel.title')}</h2>
        </CardTitle>
        <CardDescription>{t('funnel.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {funnel.isPending ? (
          <div role="status" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            <span className="sr-only">{t('funnel.loading')}</span>
            {funnelStages.map((stage) => (
              <Skeleton key={stage} className="h-16" />
            ))}
          </div>
        ) : funnel.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {t('funnel.failed')}
          </p>
        ) : used.length === 0 ? (
          <p className="text-muted-foreground text-sm" data-testid="request-funnel-empty">
            {t('funnel.empty')}
          </p>
        ) : (
          used.map((channel) => <ChannelFunnel key={channel} channel={channel} counts={funnel.data[channel]} />)
        )}
      </CardContent>
    </Card>
  );
}

/** One channel's steps, each with its share of the step before (a share over 0 only). */
function ChannelFunnel({ channel, counts }: { channel: RequestChannel; counts: FunnelCounts }) {
  const { t } = useTranslation('requests');
  const locale = intlLocales[useLanguage()];
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const count = new Intl.NumberFormat(locale);
  const rates = funnelRates(counts);
  const headingId = useId();
  return (
    // Sized by its own width, not the window's: the dashboard shows it in a narrower column than the requests page.
    <section className="@container grid gap-2" aria-labelledby={headingId} data-testid={`funnel-${channel}`}>
      <h3 id={headingId} className="text-sm font-medium">
        {t(`funnel.channels.${channel}`)}
      </h3>
      <dl className="grid grid-cols-2 gap-3 @sm:grid-cols-3 @2xl:grid-cols-5">
        {funnelStages.map((stage) => {
          const rate = rates[stage];
          return (
            <div key={stage} className="grid content-start gap-1 rounded-md border p-3" data-testid={`funnel-${stage}`}>
              <dt className="text-muted-foreground text-xs">{t(`funnel.stages.${stage}`)}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid={`funnel-${stage}-count`}>
                {count.format(counts[stage])}
              </dd>
              {stage !== 'sent' && rate !== null && (
                <dd className="text-muted-foreground text-xs">
                  {t(`funnel.rates.${stage}`, { rate: percent.format(rate) })}
                </dd>
              )}
            </div>
          );
        })}
      </dl>
      {funnelOutcomes.some((outcome) => counts[outcome] > 0) && (
        <dl className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {funnelOutcomes
            .filter((outcome) => counts[outcome] > 0)
            .map((outcome) => (
              <div key={outcome} className="flex gap-1" data-testid={`funnel-${outcome}`}>
                <dt>{t(`funnel.outcomes.${outcome}`)}</dt>
                <dd className="text-foreground font-medium tabular-nums" data-testid={`funnel-${outcome}-count`}>
                  {count.format(counts[outcome])}
                </dd>
              </div>
            ))}
        </dl>
      )}
    </section>
  );
}
