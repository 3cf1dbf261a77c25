import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { routeQueryKey } from '@/lib/route-query';
import { BillingTab } from '../components/billing-tab';
import { DangerTab } from '../components/danger-tab';
import { ProfileTab } from '../components/profile-tab';
import { SecurityTab } from '../components/security-tab';

/** The tabs in their order; `?tab=` names one, so a tab can be linked (spec 2 "Account"). */
export const accountTabs = ['profile', 'security', 'billing', 'danger'] as const;
export type AccountTab = (typeof accountTabs)[number];

const isAccountTab = (value: string | null): value is AccountTab => accountTabs.includes(value as AccountTab);

const tabContent: Record<AccountTab, () => React.JSX.Element> = {
  profile: ProfileTab,
  security: SecurityTab,
  billing: BillingTab,
  danger: DangerTab,
};

/** The payment return's parameters (spec 2 "Account"): read once, then removed from the address. */
const paymentReturnParams = ['success', 'error'] as const;

/** `error` arrives URL-encoded, sometimes twice; a malformed escape is shown as it came. */
function decodedMessage(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * A payment return to /account: success=true toasts the activation and reloads the billing state; an
 * error parameter toasts the failure with its decoded text. Both leave the address afterwards, so a reload
 * or a shared link does not repeat them.
 */
function usePaymentReturn() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const success = params.get('success');
  const error = params.get('error');
  useEffect(() => {
    if (handled.current || (success === null && error === null)) return;
    handled.current = true;
    if (success === 'true') {
      toast.success(t('paymentReturn.successTitle'), { description: t('paymentReturn.successDescription') });
      for (const id of ['get-account', 'list-payments', 'get-payment', 'get-invoice'] as const)
        void queryClient.invalidateQueries({ queryKey: routeQueryKey(id) });
    }
    if (error !== null)
      toast.error(t('paymentReturn.failedTitle'), {
        description: error.trim() ? decodedMessage(error) : t('paymentReturn.failedDescription'),
      });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of paymentReturnParams) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [success, error, t, queryClient, setParams]);
}

/** /account: guarded; the owner's profile, security, billing and the danger zone. */
export function AccountPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('title'));
  usePaymentReturn();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AccountTab = isAccountTab(requested) ? requested : 'profile';

  const selectTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('description')}</p>
      </div>
      <Tabs value={tab} onValueChange={selectTab}>
        {/* Two rows of two on a phone: four labels (Dutch ones especially) do not fit one 360 px row. */}
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-9 sm:w-fit sm:gap-0">
          {accountTabs.map((id) => (
            <TabsTrigger key={id} value={id} className="h-8 sm:h-[calc(100%-1px)]">
              {t(`tabs.${id}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {accountTabs.map((id) => {
          const Content = tabContent[id];
          return (
            <TabsContent key={id} value={id} className="pt-4">
              <Content />
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
