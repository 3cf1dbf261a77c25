// The types of `@reviewroute/web/survey-pages` (render.tsx) as the functions workspace sees them: its compiler
// knows neither JSX nor the DOM, so it reads this declaration; render.tsx checks that it still matches.
import type { PublicSurvey } from '@reviewroute/shared';

/** Reads a file of the site as it is deployed (`/survey.html`, `/assets/…css`). */
export type SiteFiles = (path: string) => Promise<string>;

/** A survey's public page and disclosure page as whole documents, on the deployed site's survey shell. */
export declare function writtenSurveyPages(
  survey: PublicSurvey,
  rulesSince: string,
  site: SiteFiles,
): Promise<{ page: string; disclosure: string }>;
