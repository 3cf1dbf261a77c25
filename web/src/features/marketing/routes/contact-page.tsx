import { Clock, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '../components/contact-form';
import { usePageHead } from '../lib/use-page-head';

/** The contact page (spec 2): the form and the 24-hour reply promise (spec 9). */
export function ContactPage() {
  usePageHead('contact');
  const { t } = useTranslation('marketing');
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16">
      <div>
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('contact.title')}</h1>
        <p className="text-muted-foreground mt-5 text-lg text-pretty">{t('contact.intro')}</p>
        <p className="bg-accent text-accent-foreground mt-6 inline-flex items-center gap-2 rounded-full px-4 py-2 font-semibold">
          <Clock aria-hidden="true" className="text-primary size-5" />
          {t('contact.promise')}
        </p>
        <section aria-labelledby="contact-aside-title" className="mt-10">
          <h2 id="contact-aside-title" className="flex items-center gap-2 text-lg font-semibold">
            <Info aria-hidden="true" className="text-primary size-5" />
            {t('contact.asideTitle')}
          </h2>
          <ul className="text-muted-foreground mt-3 list-disc space-y-2 pl-6 marker:text-teal-600">
            {t('contact.aside', { returnObjects: true }).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </div>
      <div className="bg-card relative rounded-2xl border p-6 shadow-sm sm:p-8">
        <ContactForm />
      </div>
    </div>
  );
}
