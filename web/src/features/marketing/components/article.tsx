import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ArticleSection {
  title: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

interface ArticleProps {
  title: string;
  intro: string;
  /** "Last updated: …" of legal texts. */
  updated?: string;
  sections: Record<string, ArticleSection>;
  /** A list of the sections beside the text (long legal pages). */
  withContents?: boolean;
  children?: ReactNode;
}

/** A text page (about, privacy, terms): h1 and intro, then one h2 section per entry of its translation. */
export function Article({ title, intro, updated, sections, withContents = false, children }: ArticleProps) {
  const { t } = useTranslation('marketing');
  const entries = Object.entries(sections);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <p className="text-muted-foreground mt-5 text-lg text-pretty">{intro}</p>
        {updated && <p className="text-muted-foreground mt-3 text-sm">{updated}</p>}
      </header>
      <div className={withContents ? 'mt-12 grid gap-12 lg:grid-cols-[14rem_1fr]' : 'mt-12'}>
        {withContents && (
          <nav aria-labelledby="contents-title" className="lg:sticky lg:top-24 lg:self-start">
            <h2 id="contents-title" className="text-muted-foreground text-sm font-semibold tracking-wide uppercase">
              {t('legal.contents')}
            </h2>
            <ol className="mt-3 grid gap-2 text-sm">
              {entries.map(([key, section]) => (
                <li key={key}>
                  <a href={`#${key}`} className="hover:text-primary hover:underline">
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="max-w-3xl space-y-10">
          {entries.map(([key, section]) => (
            <section key={key} id={key} aria-labelledby={`${key}-title`} className="scroll-mt-24">
              <h2 id={`${key}-title`} className="text-2xl font-semibold tracking-tight">
                {section.title}
              </h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph} className="text-foreground/85 mt-4 leading-7">
                  {paragraph}
                </p>
              ))}
              {section.items && (
                <ul className="text-foreground/85 mt-4 list-disc space-y-2 pl-6 leading-7 marker:text-teal-600">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          {children}
        </div>
      </div>
    </div>
  );
}
