import { Camera, LayoutDashboard, MessageSquareLock, TrendingUp, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './section-header';

const features = [
  { key: 'revenue', icon: TrendingUp },
  { key: 'private', icon: MessageSquareLock },
  { key: 'photo', icon: Camera },
  { key: 'dashboard', icon: LayoutDashboard },
] as const;

/** Four features with their figures (the 28% and 40% claims of spec 1) and the 50+ trust badge. */
export function Benefits() {
  const { t } = useTranslation('marketing');
  return (
    <section id="benefits" aria-labelledby="benefits-title" className="bg-muted/40 scroll-mt-20 border-t py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeader
          id="benefits-title"
          eyebrow={t('benefits.eyebrow')}
          title={t('benefits.title')}
          subtitle={t('benefits.subtitle')}
        />
        <div className="mt-8 flex justify-center">
          <p className="inline-flex items-center gap-2 rounded-full border bg-white px-4 py-2 text-sm font-semibold shadow-xs">
            <Users aria-hidden="true" className="text-primary size-4" />
            {t('benefits.trust')}
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2">
          {features.map(({ key, icon: Icon }) => (
            <li key={key} className="bg-card flex gap-5 rounded-2xl border p-6 shadow-xs">
              <span className="bg-accent text-primary flex size-12 shrink-0 items-center justify-center rounded-xl">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <p className="text-primary text-2xl font-bold tracking-tight">{t(`benefits.items.${key}.stat`)}</p>
                <h3 className="mt-1 text-lg font-semibold">{t(`benefits.items.${key}.title`)}</h3>
                <p className="text-muted-foreground mt-2">{t(`benefits.items.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
