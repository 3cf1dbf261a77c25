import { ArrowRight, Check, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/use-language';
import { PhoneMockup } from './phone-mockup';

const claims = ['trial', 'card', 'cancel'] as const;

/** Badge, the page's h1, subtitle, get-started button and the trial claims beside the product on a phone. */
export function Hero() {
  const { t } = useTranslation('marketing');
  const to = useLocalizedPath();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-teal-50 via-teal-50/40 to-transparent"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:pt-16 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:pt-24 lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="border-primary/20 text-primary inline-flex items-center gap-1.5 rounded-full border bg-white px-3 py-1 text-sm font-medium shadow-xs">
            <Sparkles aria-hidden="true" className="size-4" />
            {t('home.badge')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-balance text-neutral-950 sm:text-5xl lg:text-6xl"
          >
            {t('home.title')}
          </h1>
          <p className="text-muted-foreground mx-auto mt-6 max-w-xl text-lg text-pretty lg:mx-0">
            {t('home.subtitle')}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg" className="h-12 px-7 text-base">
              <Link to={to('/auth')}>
                {t('home.cta')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="h-12 px-7 text-base">
              <a href="#how-it-works">{t('home.secondaryCta')}</a>
            </Button>
          </div>
          <ul className="text-muted-foreground mt-6 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm lg:justify-start">
            {claims.map((claim) => (
              <li key={claim} className="flex items-center gap-1.5">
                <Check aria-hidden="true" className="text-primary size-4" />
                {t(`home.claims.${claim}`)}
              </li>
            ))}
          </ul>
        </div>
        <PhoneMockup />
      </div>
    </section>
  );
}
