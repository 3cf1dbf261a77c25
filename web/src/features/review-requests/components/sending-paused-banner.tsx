import { useQueryClient } from '@tanstack/react-query';
import { PauseCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { formatDateTime, sendingThresholds } from '@reviewroute/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { apiErrorMessageKey } from '@/lib/api-errors';
import { routeQueryKey, useRouteMutation, useRouteQuery } from '@/lib/route-query';
import { useLanguage, useLocalizedPath } from '@/lib/use-language';

const percent = (share: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);

/**
 * The reputation guard's banner (decisions 26): while the owner's review requests are paused, it says why (the
 * figures of their last sends when it paused and the limits), that nothing goes out meanwhile, and the way back:
 * after the first pause, resume once the list is cleaned (the owner confirms they did); after a second, contact
 * us. Nothing while the state loads or fails, or while requests go out.
 */
export function SendingPausedBanner() {
  const { t } = useTranslation(['requests', 'errors']);
  const language = useLanguage();
  const to = useLocalizedPath();
  const queryClient = useQueryClient();
  const sending = useRouteQuery('get-request-sending');
  const [cleaned, setCleaned] = useState(false);
  const resume = useRouteMutation('resume-request-sending', {
    onSuccess: async (state) => {
      queryClient.setQueryData(routeQueryKey('get-request-sending'), state);
      await queryClient.invalidateQueries({ queryKey: routeQueryKey('get-request-sending') });
      toast.success(t('paused.resumedToast'));
    },
    onError: (error) => toast.error(t(`errors:${apiErrorMessageKey(error)}`)),
  });
  const state = sending.data;
  if (!state?.paused) return null;
  const figures = state.pause ?? { cause: 'failed' as const, sends: 0, failed: 0, complained: 0 };
  const limits = sendingThresholds[state.channel];
  const share = (count: number) => (figures.sends > 0 ? count / figures.sends : 0);

  return (
    <Alert
      role="status"
      className="max-w-3xl border-amber-300 bg-amber-50 text-amber-950"
      data-testid="sending-paused-banner"
    >
      <PauseCircle aria-hidden="true" />
      <AlertTitle className="line-clamp-none">{t('paused.title')}</AlertTitle>
      <AlertDescription className="grid gap-3 text-amber-950">
        <p>
          {figures.cause === 'complained'
            ? t('paused.complained', {
                count: figures.complained,
                sends: figures.sends,
                share: percent(share(figures.complained), language),
                limit: percent(limits.complained, language),
              })
            : t('paused.failed', {
                count: figures.failed,
                sends: figures.sends,
                share: percent(share(figures.failed), language),
                limit: percent(limits.failed, language),
              })}
        </p>
        <p>
          {t('paused.since', { date: state.pausedAt ? formatDateTime(state.pausedAt, language) : '' })}{' '}
          {t('paused.why')}
        </p>
        {state.canResume ? (
          <div className="grid gap-3">
            <p>{t('paused.clean')}</p>
            <div className="flex items-start gap-2">
              <Checkbox
                id="sending-paused-cleaned"
                checked={cleaned}
                onCheckedChange={(value) => setCleaned(value === true)}
                className="mt-0.5 bg-white"
              />
              <Label htmlFor="sending-paused-cleaned" className="leading-snug font-normal">
                {t('paused.cleaned')}
              </Label>
            </div>
            <Button
              className="w-fit"
              disabled={!cleaned || resume.isPending}
              onClick={() => resume.mutate({})}
              data-testid="resume-sending"
            >
              {t('paused.resume')}
            </Button>
            <p className="text-sm">{t('paused.once')}</p>
          </div>
        ) : (
          <div className="grid gap-3">
            <p>{t('paused.again')}</p>
            <Button asChild variant="outline" className="w-fit bg-white">
              <Link to={to('/contact')}>{t('paused.contact')}</Link>
            </Button>
          </div>
        )}
      </AlertDescription>
    </Alert>
  );
}
