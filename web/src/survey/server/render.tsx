import type { PublicSurvey } from '@reviewroute/shared';
import { escapeHtml } from '@reviewroute/shared/domain';
import * as React from 'react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { SurveyApp } from '../app';
import { SurveyDisclosure } from '../components/survey-disclosure';
import { createTranslator, I18nContext } from '../lib/i18n';
import { fulfilled, prerenderedRootAttribute, surveyDataElementId, surveyDataJson } from '../lib/written-page';
import type * as Declared from './survey-pages';

/**
 * The server's renderer of a survey's two static pages (written to the assets bucket at publish and at every
 * edit, by the surveys Lambda): the same components the browser renders, so the public page's app takes the
 * written markup over (hydrates it) and nothing is described twice. Node-only (react-dom/server); the phone's
 * bundle never imports it.
 */

// The local stack loads this module through tsx, which reads no tsconfig at the repository's root and so compiles
// the components' JSX to `React.createElement` (the classic form): this global is the React that form names.
(globalThis as { React?: typeof React }).React ??= React;

export interface WrittenPage {
  language: PublicSurvey['language'];
  title: string;
  /** The markup for inside `<div id="root">`. */
  body: string;
  /** Data for the app, put after the root (the survey page's survey as JSON); none on a page that runs no script. */
  data?: string;
  /** The survey page runs the app's script; the disclosure page is text and links only. */
  script: boolean;
}

const i18nOf = (language: PublicSurvey['language']) => ({ language, t: createTranslator(language) });

/** The public survey page as a first visit sees it: logo, business name, question, the five stars, the form. */
export function renderSurveyPage(survey: PublicSurvey): WrittenPage {
  const i18n = i18nOf(survey.language);
  return {
    language: survey.language,
    title: i18n.t('meta.title', { business: survey.businessName }),
    body: renderToString(<SurveyApp i18n={i18n} survey={fulfilled(survey)} />),
    data: `<script type="application/json" id="${surveyDataElementId}">${surveyDataJson(survey)}</script>`,
    script: true,
  };
}

/** The survey's disclosure page (decisions 27), from its settings; `rulesSince` is when they last changed. */
export function renderSurveyDisclosure(survey: PublicSurvey, rulesSince: string): WrittenPage {
  const i18n = i18nOf(survey.language);
  return {
    language: survey.language,
    title: i18n.t('disclosure.metaTitle', { business: survey.businessName }),
    body: renderToString(
      <StrictMode>
        <I18nContext value={i18n}>
          <SurveyDisclosure survey={survey} rulesSince={rulesSince} />
        </I18nContext>
      </StrictMode>,
    ),
    script: false,
  };
}

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  if ((html.match(new RegExp(pattern, `${pattern.flags.replace('g', '')}g`)) ?? []).length !== 1) {
    throw new Error(`The survey page's shell has no single ${what}`);
  }
  return html.replace(pattern, () => replacement);
}

/**
 * A written page as a whole document, from the site's survey shell (the built `survey.html`, with this deploy's
 * script and stylesheet): the stylesheets inlined (`styles`, by their href; the page paints from this one
 * response), the language and title set, the markup in the root. A page without script loses the shell's scripts
 * and their preloads.
 */
export function surveyPageDocument(shell: string, page: WrittenPage, styles: ReadonlyMap<string, string>): string {
  let html = shell.replace(/\s*<!--[\s\S]*?-->/g, '');
  html = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
    const css = styles.get(href);
    return css === undefined ? tag : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
  if (!page.script) {
    html = html.replace(/\s*<script\b[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  }
  html = replaceOnce(html, /<html lang="[^"]*">/, `<html lang="${page.language}">`, '<html lang>');
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`, '<title>');
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" ${prerenderedRootAttribute}>${page.body}</div>${page.data ?? ''}`,
    'empty root element',
  );
}

/** The stylesheets a shell links to (`/assets/…css`), for the caller to fetch and hand to `surveyPageDocument`. */
export const shellStylesheets = (shell: string): string[] =>
  [...shell.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1]!);

export type { SiteFiles } from './survey-pages';

/** The site's survey shell: the built entry of the public page, whose script takes a written page over. */
export const surveyShellPath = '/survey.html';

/** A survey's two pages as whole documents, on this deploy's shell, ready to be written. */
export async function writtenSurveyPages(
  survey: PublicSurvey,
  rulesSince: string,
  site: Declared.SiteFiles,
): Promise<{ page: string; disclosure: string }> {
  const shell = await site(surveyShellPath);
  const hrefs = shellStylesheets(shell);
  const styles = new Map(await Promise.all(hrefs.map(async (href) => [href, await site(href)] as const)));
  return {
    page: surveyPageDocument(shell, renderSurveyPage(survey), styles),
    disclosure: surveyPageDocument(shell, renderSurveyDisclosure(survey, rulesSince), styles),
  };
}

// The declaration the functions workspace compiles against must describe this module.
writtenSurveyPages satisfies typeof Declared.writtenSurveyPages;
