import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';

type InfoPageKey = 'payments';

/** Light stub of an information page: its heading and intro; a later issue writes the content. */
export function InfoPage({ page }: { page: InfoPageKey }) {
  const { t } = useTranslation('marketing');
  const title = t(`${page}.title`);
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="text-muted-foreground mt-4 text-lg">{t(`${page}.intro`)}</p>
      <p className="text-muted-foreground mt-8 text-sm">{t('comingSoon')}</p>
    </section>
  );
}
