import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/hooks/use-document-title';
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

/** /account: guarded; the owner's profile, security, billing and the danger zone. */
export function AccountPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('title'));
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
        <TabsList className="w-full sm:w-fit">
          {accountTabs.map((id) => (
            <TabsTrigger key={id} value={id}>
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
