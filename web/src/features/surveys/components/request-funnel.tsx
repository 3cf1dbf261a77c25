import { useTranslation } from 'react-i18next';
import { funnelRates, funnelStages, intlLocales } from '@reviewroute/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLanguage } from '@/lib/use-language';
import { useRequestFunnel } from '../api/get-request-funnel';

/**
 * A survey's review-request funnel: sent -> opened -> rated -> clicked through to Google, each with its count
 * and its share of the requests sent. Shown on the requests page and, for the selected survey, the dashboard.
 */
export function RequestFunnelCard({ surveyId, className }: { surveyId: string; className?: string }) {
  const { t } = useTranslation('requests');
  const funnel = useRequestFunnel(surveyId);
  const locale = intlLocales[useLanguage()];
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const count = new Intl.NumberFormat(locale);
  return (
    <Card className={className} data-testid="request-funnel">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t('funnel.title')}</h2>
        </CardTitle>
        <CardDescription>{t('funnel.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {funnel.isPending ? (
          <div role="status" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <span className="sr-only">{t('funnel.loading')}</span>
            {funnelStages.map((stage) => (
              <Skeleton key={stage} className="h-16" />
            ))}
          </div>
        ) : funnel.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {t('funnel.failed')}
          </p>
        ) : funnel.data.sent === 0 ? (
          <p className="text-muted-foreground text-sm" data-testid="request-funnel-empty">
            {t('funnel.empty')}
          </p>
        ) : (
          <dl aria-label={t('funnel.listLabel')} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {funnelStages.map((stage) => {
              const rate = funnelRates(funnel.data)[stage];
              return (
                <div key={stage} className="grid gap-1 rounded-md border p-3" data-testid={`funnel-${stage}`}>
                  <dt className="text-muted-foreground text-xs">{t(`funnel.stages.${stage}`)}</dt>
                  <dd className="text-2xl font-semibold tabular-nums" data-testid={`funnel-${stage}-count`}>
                    {count.format(funnel.data[stage])}
                  </dd>
                  {stage !== 'sent' && rate !== null && (
                    <dd className="text-muted-foreground text-xs">
                      {t('funnel.rate', { rate: percent.format(rate) })}
                    </dd>
                  )}
                </div>
              );
            })}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
