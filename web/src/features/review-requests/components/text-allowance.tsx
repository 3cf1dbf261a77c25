import { useQueryClient } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDateTime, textsWhenSpentChoices, type TextsWhenSpent } from '@reviewroute/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { routeQueryKey, useRouteMutation, useRouteQuery } from '@/lib/route-query';
import { useLanguage } from '@/lib/use-language';
import { useRequestFunnel } from '@/features/surveys/api/get-request-funnel';

/**
 * The month's text messages (decisions 25): how many of the plan's texts are used ("12 of 100 texts used this
 * month"), when the allowance starts again, and the owner's choice for when it is spent: wait for next month, or
 * e-mail the customers who also gave an address. Nothing while it loads or fails: it is information beside the
 * page's work, not a gate. Texts go out after the send, so the count is read again when the survey's funnel
 * (read again while shown) counts more texts sent.
 */
export function TextAllowance({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation('requests');
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useRouteQuery('get-request-settings');
  const textsSent = useRequestFunnel(surveyId).data?.sms.sent;
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (textsSent === undefined) return;
    if (seen.current !== undefined && seen.current !== textsSent)
      void queryClient.invalidateQueries({ queryKey: routeQueryKey('get-request-settings') });
    seen.current = textsSent;
  }, [textsSent, queryClient]);
  const update = useRouteMutation('update-request-settings', {
    onSuccess: (state) => {
      queryClient.setQueryData(routeQueryKey('get-request-settings'), state);
      toast.success(t('texts.whenSpentSaved'));
    },
    onError: () => toast.error(t('texts.whenSpentError')),
  });
  const state = settings.data;
  if (!state) return null;
  const { used, allowance, resetsAt } = state.texts;
  const choose = (textsWhenSpent: TextsWhenSpent) => {
    if (textsWhenSpent !== state.textsWhenSpent) update.mutate({ body: { textsWhenSpent } });
  };
  const labels: Record<TextsWhenSpent, string> = {
    wait: t('texts.whenSpentWait'),
    email: t('texts.whenSpentEmail'),
  };

  return (
    <Card className="min-w-0" data-testid="text-allowance">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <MessageSquareText aria-hidden="true" className="size-5" />
            {t('texts.allowanceTitle')}
          </h2>
        </CardTitle>
        <CardDescription>
          {t('texts.allowanceResets', { date: formatDateTime(resetsAt, language, 'longDate') })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid max-w-md gap-2">
          <p id={`${id}-used`} className="text-sm font-medium">
            {t('texts.allowanceUsed', { used, allowance })}
          </p>
          <Progress
            value={allowance > 0 ? Math.min(100, (used / allowance) * 100) : 100}
            aria-labelledby={`${id}-used`}
          />
        </div>
        {/* Options 8 px apart: each radio's 24 px touch target stays clear of the next (WCAG 2.5.8). */}
        <fieldset className="grid gap-3" disabled={update.isPending}>
          <legend className="mb-1 text-sm font-medium">{t('texts.whenSpent')}</legend>
          {textsWhenSpentChoices.map((choice) => (
            <label key={choice} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-when-spent`}
                value={choice}
                checked={state.textsWhenSpent === choice}
                onChange={() => choose(choice)}
                className="accent-primary mt-0.5 size-4 shrink-0"
              />
              {labels[choice]}
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
