import { BadgeCheck, Building2, Euro, Landmark, MapPin, RotateCcw, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const badges = [
  { key: 'privacy', icon: ShieldCheck },
  { key: 'kvk', icon: Building2 },
  { key: 'law', icon: Landmark },
  { key: 'location', icon: MapPin },
] as const;

const items = [
  { key: 'privacy', icon: ShieldCheck },
  { key: 'kvk', icon: Building2 },
  { key: 'law', icon: Landmark },
  { key: 'location', icon: MapPin },
  { key: 'vat', icon: Euro },
  { key: 'refund', icon: RotateCcw },
] as const;

/** The Dutch site's compliance badges (spec 1): data protection, KvK, Dutch law, data location. */
export function ComplianceBadges() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-label={t('compliance.badgesLabel')} className="border-t bg-white">
      <ul className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-8 gap-y-3 px-4 py-6 text-sm font-medium">
        {badges.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-center gap-2">
            <Icon aria-hidden="true" className="text-primary size-5" />
            {t(`compliance.badges.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The Dutch site's compliance card (spec 1): the badges explained, 21% VAT and the 14-day money-back promise. */
export function ComplianceCard() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="compliance-title" className="bg-muted/40 border-t py-20">
      <div className="mx-auto max-w-5xl px-4">
        <div className="bg-card rounded-2xl border p-6 shadow-sm sm:p-10">
          <div className="flex items-start gap-4">
            <BadgeCheck aria-hidden="true" className="text-primary mt-1 size-8 shrink-0" />
            <div>
              <h2 id="compliance-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
                {t('compliance.title')}
              </h2>
              <p className="text-muted-foreground mt-2">{t('compliance.intro')}</p>
            </div>
          </div>
          <dl className="mt-8 grid gap-6 sm:grid-cols-2">
            {items.map(({ key, icon: Icon }) => (
              <div key={key}>
                <dt className="flex items-center gap-3 font-semibold">
                  <Icon aria-hidden="true" className="text-primary size-5 shrink-0" />
                  {t(`compliance.items.${key}.title`)}
                </dt>
                <dd className="text-muted-foreground mt-1 pl-8 text-sm">{t(`compliance.items.${key}.text`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
