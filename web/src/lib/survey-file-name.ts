import { surveyPathPattern } from '@reviewroute/shared/domain';

/** What a survey's downloads are: the QR code, the A5 poster as PDF and as SVG. */
export type SurveyFileKind = 'qr.png' | 'poster-a5.pdf' | 'poster-a5.svg';

/**
 * A download's name after its survey: `{slug}-qr.png`, `{slug}-poster-a5.pdf`, `{slug}-poster-a5.svg`, the slug read
 * from the survey's link (`/surveys/{code}/{slug}`), so an owner with several surveys can tell the files apart. A
 * link without a slug names the files after its code; anything else after "survey".
 */
export function surveyFileName(url: string, kind: SurveyFileKind): string {
  let stem = 'survey';
  try {
    const [, code, slug] = surveyPathPattern.exec(new URL(url).pathname) ?? [];
    stem = safeStem(slug) || safeStem(code) || stem;
  } catch {
    // Not a URL: the generic name.
  }
  return `${stem}-${kind}`;
}

/** A decoded path segment as a file name: lowercase letters, digits and single hyphens, at most 80 characters. */
function safeStem(segment: string | undefined): string {
  if (!segment) return '';
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A malformed escape: use the segment as it is.
  }
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
