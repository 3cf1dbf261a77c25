import { useLanguage } from '@/lib/use-language';
import { Benefits } from '../components/benefits';
import { ClosingCta } from '../components/closing-cta';
import { ComplianceBadges, ComplianceCard } from '../components/compliance';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { Pricing } from '../components/pricing';
import { usePageHead } from '../lib/use-page-head';

/** The public home (spec 2 "Home"); the Dutch site adds the compliance badges and card (spec 1). */
export function HomePage() {
  usePageHead('home');
  const dutch = useLanguage() === 'nl';
  return (
    <>
      <Hero />
      {dutch && <ComplianceBadges />}
      <HowItWorks />
      <Benefits />
      <Pricing />
      {dutch && <ComplianceCard />}
      <ClosingCta />
    </>
  );
}
