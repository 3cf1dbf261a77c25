import { AlertCircle, BarChart3, RotateCw, Table2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, XAxis, YAxis } from 'recharts';
import { type Language, type SurveyInsights } from '@reviewroute/shared';
import { LoadingStatus } from '@/components/loading-status';
import { DataTable } from '@/components/data-table';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  type ChartConfig,
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
} from '@/components/ui/chart';
import { useLanguage } from '@/lib/use-language';
import { useSurveyInsights } from '../api/get-survey-insights';
import { formatAverage, formatCount } from '../lib/format';
import { distributionRows, formatShare, formatWeekDate, formatWeekTick, weekNumber } from '../lib/insights';

/**
 * The dashboard's insights: the rating distribution, responses and average per week for the last 12 weeks,
 * the 5-star share and the review-click rate. This module holds the chart code (recharts) and is loaded
 * lazily by the dashboard page, so no other page loads it. The charts are pictures of the tables below them:
 * screen readers get the tables (always in the page, visually hidden until "Show as table"), never the SVG.
 */
export function InsightsCard({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation('dashboard');
  const insights = useSurveyInsights(surveyId);
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();

  return (
    <Card className="min-w-0 gap-4" aria-labelledby={headingId} role="region" data-testid="insights">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="text-lg">
            {t('insights.heading')}
          </h2>
        </CardTitle>
        <CardDescription>{t('insights.description')}</CardDescription>
        {insights.data && insights.data.reviewCount > 0 && (
          <CardAction>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-pressed={asTable}
              onClick={() => setAsTable((v) => !v)}
              data-testid="insights-toggle"
            >
              {asTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
              {asTable ? t('insights.showChart') : t('insights.showTable')}
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {insights.isPending ? (
          <LoadingStatus label={t('insights.loading')} shapes={['h-16', 'h-56']} className="gap-4" />
        ) : insights.isError ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <AlertDescription className="grid gap-3">
              <p>{t('insights.failed')}</p>
              <Button type="button" variant="outline" className="w-fit" onClick={() => void insights.refetch()}>
                <RotateCw aria-hidden="true" />
                {t('insights.retry')}
              </Button>
            </AlertDescription>
          </Alert>
        ) : insights.data.reviewCount === 0 ? (
          <p className="text-muted-foreground text-sm" data-testid="insights-empty">
            {t('insights.empty')}
          </p>
        ) : (
          <InsightsBody insights={insights.data} asTable={asTable} />
        )}
      </CardContent>
    </Card>
  );
}

function InsightsBody({ insights, asTable }: { insights: SurveyInsights; asTable: boolean }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-4">
        <Rate
          id="five-star-share"
          label={t('insights.fiveStarShare')}
          hint={t('insights.fiveStarShareHint')}
          value={insights.fiveStarShare}
          language={language}
        />
        <Rate
          id="review-click-rate"
          label={t('insights.reviewClickRate')}
          hint={t('insights.reviewClickRateHint')}
          value={insights.reviewClickRate}
          language={language}
        />
      </dl>
      <div className="grid min-w-0 gap-6 lg:grid-cols-5">
        <section className="grid min-w-0 content-start gap-3 lg:col-span-2" aria-labelledby="insights-distribution">
          <h3 id="insights-distribution" className="text-sm font-medium">
            {t('insights.distribution')}
          </h3>
          {!asTable && <DistributionChart insights={insights} />}
          <DistributionTable insights={insights} visible={asTable} />
        </section>
        <section className="grid min-w-0 content-start gap-3 lg:col-span-3" aria-labelledby="insights-trend">
          <div>
            <h3 id="insights-trend" className="text-sm font-medium">
              {t('insights.trend')}
            </h3>
            <p className="text-muted-foreground text-xs">{t('insights.trendHint')}</p>
          </div>
          {!asTable && <TrendChart weeks={insights.weeks} />}
          <TrendTable weeks={insights.weeks} visible={asTable} />
        </section>
      </div>
    </div>
  );
}

function Rate(props: { id: string; label: string; hint: string; value: number | null; language: Language }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="bg-muted/40 grid content-start gap-1 rounded-lg border p-3" data-testid={`insight-${props.id}`}>
      <dt className="text-muted-foreground text-xs font-medium">{props.label}</dt>
      <dd className="text-2xl font-bold tabular-nums" data-testid="insight-value">
        {props.value === null ? (
          <>
            <span aria-hidden="true">–</span>
            <span className="sr-only">{t('insights.noValue')}</span>
          </>
        ) : (
          formatShare(props.value, props.language)
        )}
      </dd>
      <dd className="text-muted-foreground text-xs">{props.hint}</dd>
    </div>
  );
}

/**
 * The tables are what screen readers read; sighted users see them after "Show as table". The wrapper is what
 * is visually hidden: a table is never narrower than its content, whatever its own width says.
 */
const tableWrapperClass = (visible: boolean) => (visible ? 'overflow-x-auto' : 'sr-only');

function DistributionChart({ insights }: { insights: SurveyInsights }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const config = useMemo(
    () => ({ count: { label: t('insights.responses'), color: 'var(--chart-1)' } }) satisfies ChartConfig,
    [t],
  );
  const data = distributionRows(insights).map((row) => ({ ...row, label: `${row.stars}★` }));
  return (
    <ChartContainer config={config} className="aspect-auto h-48 w-full" aria-hidden="true">
      <BarChart data={data} layout="vertical" margin={{ left: 0, right: 16 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} />
        <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} />
        <YAxis type="category" dataKey="label" width={32} tickLine={false} axisLine={false} />
        <ChartTooltip
          cursor={false}
          content={
            <ChartTooltipContent
              hideLabel
              formatter={(value, _name, item) => (
                <span>
                  {t('insights.stars', { count: (item.payload as { stars: number }).stars })}:{' '}
                  <strong className="tabular-nums">{formatCount(Number(value), language)}</strong>
                </span>
              )}
            />
          }
        />
        <Bar dataKey="count" fill="var(--color-count)" radius={4} isAnimationActive={false} />
      </BarChart>
    </ChartContainer>
  );
}

function DistributionTable({ insights, visible }: { insights: SurveyInsights; visible: boolean }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  return (
    <div className={tableWrapperClass(visible)}>
      <DataTable
        data-testid="insights-distribution-table"
        caption={t('insights.distributionCaption')}
        captionHidden
        rows={distributionRows(insights)}
        rowKey={(row) => row.stars}
        rowData={(row) => ({ 'data-stars': row.stars })}
        columns={[
          { id: 'rating', header: t('insights.rating'), cell: (row) => t('insights.stars', { count: row.stars }) },
          {
            id: 'responses',
            header: t('insights.responses'),
            numeric: true,
            cell: (row) => formatCount(row.count, language),
          },
          { id: 'share', header: t('insights.share'), numeric: true, cell: (row) => formatShare(row.share, language) },
        ]}
      />
    </div>
  );
}

function TrendChart({ weeks }: { weeks: SurveyInsights['weeks'] }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const config = useMemo(
    () =>
      ({
        count: { label: t('insights.responses'), color: 'var(--chart-1)' },
        averageRating: { label: t('insights.average'), color: 'var(--chart-4)' },
      }) satisfies ChartConfig,
    [t],
  );
  const data = weeks.map((w) => ({ ...w, tick: formatWeekTick(w.weekStart, language) }));
  return (
    <ChartContainer config={config} className="aspect-auto h-64 w-full" aria-hidden="true">
      <ComposedChart data={data} margin={{ left: 0, right: 0, top: 8 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="tick" tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={12} />
        <YAxis yAxisId="count" allowDecimals={false} width={28} tickLine={false} axisLine={false} />
        <YAxis
          yAxisId="average"
          orientation="right"
          domain={[1, 5]}
          ticks={[1, 2, 3, 4, 5]}
          width={24}
          tickLine={false}
          axisLine={false}
        />
        <ChartTooltip
          content={
            <ChartTooltipContent
              labelFormatter={(_label, payload) => {
                const week = payload[0]?.payload as SurveyInsights['weeks'][number] | undefined;
                return week
                  ? t('insights.weekLabel', {
                      number: weekNumber(week.week),
                      date: formatWeekDate(week.weekStart, language),
                    })
                  : null;
              }}
            />
          }
        />
        <ChartLegend content={<ChartLegendContent />} />
        <Bar yAxisId="count" dataKey="count" fill="var(--color-count)" radius={4} isAnimationActive={false} />
        {/* No point and no line through a week without responses: it has no average. */}
        <Line
          yAxisId="average"
          dataKey="averageRating"
          stroke="var(--color-averageRating)"
          strokeWidth={2}
          dot={{ r: 3, fill: 'var(--color-averageRating)' }}
          connectNulls={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartContainer>
  );
}

function TrendTable({ weeks, visible }: { weeks: SurveyInsights['weeks']; visible: boolean }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  return (
    <div className={tableWrapperClass(visible)}>
      <DataTable
        data-testid="insights-trend-table"
        caption={t('insights.trendCaption')}
        captionHidden
        rows={weeks}
        rowKey={(w) => w.week}
        rowData={(w) => ({ 'data-week': w.week })}
        columns={[
          {
            id: 'week',
            header: t('insights.week'),
            cell: (w) =>
              t('insights.weekLabel', { number: weekNumber(w.week), date: formatWeekDate(w.weekStart, language) }),
          },
          {
            id: 'responses',
            header: t('insights.responses'),
            numeric: true,
            cell: (w) => formatCount(w.count, language),
          },
          {
            id: 'average',
            header: t('insights.average'),
            numeric: true,
            cell: (w) =>
              w.averageRating === null ? (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">{t('insights.noAverage')}</span>
                </>
              ) : (
                formatAverage(w.averageRating, language)
              ),
          },
        ]}
      />
    </div>
  );
}
