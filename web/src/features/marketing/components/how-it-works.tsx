import { ClipboardList, QrCode, Route } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './section-header';

const steps = [
  { key: 'build', icon: ClipboardList },
  { key: 'share', icon: QrCode },
  { key: 'route', icon: Route },
] as const;

/** Three numbered steps (spec 2 "Home"). */
export function HowItWorks() {
  const { t } = useTranslation('marketing');
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="scroll-mt-20 border-t bg-white py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeader
          id="how-it-works-title"
          eyebrow={t('howItWorks.eyebrow')}
          title={t('howItWorks.title')}
          subtitle={t('howItWorks.subtitle')}
        />
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {steps.map(({ key, icon: Icon }, index) => (
            <li key={key} className="bg-card relative rounded-2xl border p-6 shadow-xs">
              <div className="flex items-center gap-3">
                <span className="bg-primary text-primary-foreground flex size-9 items-center justify-center rounded-full text-sm font-bold">
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="text-primary size-5" />
              </div>
              <h3 className="mt-5 text-lg font-semibold">{t(`howItWorks.steps.${key}.title`)}</h3>
              <p className="text-muted-foreground mt-2">{t(`howItWorks.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
