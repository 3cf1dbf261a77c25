import type { Language } from './language';
import type { InvitationKind, WebsiteHideReason } from './website-consent';

/**
 * The reviews widget an owner embeds on their own website (decisions 27): its stable paths on our origin, its
 * size, its texts and the snippet the owner copies. Zod-free, so the widget's own script (web/widget/, a few KB)
 * imports it without the schemas.
 */

/** The widget's script, built to this stable path (not hashed: the owner's snippet names it for good). */
export const widgetScriptPath = '/widget.js';

/** The iframe fallback: a small page of ours that runs the same script, for sites that refuse third-party scripts. */
export const widgetFramePath = '/widget.html';

/** The newest consented comments the widget shows (and its item keeps): a bounded read whatever the volume. */
export const widgetCommentsShown = 10;

/**
 * The widget's fixed height: its container reserves it before the script or the data arrive, and the comments
 * scroll inside it, so filling it never moves the owner's page (no layout shift).
 */
export const widgetHeightPx = 480;

/** The widget's widest width: wider, a review's line is too long to read. */
export const widgetMaxWidthPx = 640;

/** `light` / `dark` forces a theme; without it the widget follows the visitor's `prefers-color-scheme`. */
export const widgetThemes = ['light', 'dark'] as const;
export type WidgetTheme = (typeof widgetThemes)[number];

/** What the widget says, in each survey language. */
export interface WidgetTexts {
  title: (businessName: string) => string;
  /** The average's text equivalent: `4.3 out of 5 stars`. */
  averageOutOf: (average: string) => string;
  /** The count of every rating, which the average is taken over. */
  allRatings: (count: number) => string;
  noRatings: string;
  commentsHeading: string;
  noComments: string;
  /** A comment's stars as text: `Rated 4 out of 5`. */
  ratedOutOf: (rating: number) => string;
  /** How the customer came to rate: a request after a visit, or the public link/QR code (the evidence). */
  invitation: Record<'request' | 'public-link', string>;
  /** `2 hidden by the business:` before the reasons. */
  hidden: (count: number) => string;
  hideReasons: Record<WebsiteHideReason, string>;
  disclosureLink: string;
  loading: string;
  unavailable: string;
}

/**
 * The widget's texts, en and nl, in this one table rather than the i18next catalogues: the widget runs on the
 * owner's site without i18next (its whole script must stay under 10 KB gzip), and the web app's snippet panel
 * has its own strings, so nothing here is said twice.
 */
export const widgetTexts: Record<Language, WidgetTexts> = {
  en: {
    title: (businessName) => `Reviews of ${businessName}`,
    averageOutOf: (average) => `${average} out of 5 stars`,
    allRatings: (count) => (count === 1 ? 'Based on 1 rating, all counted' : `Based on all ${count} ratings`),
    noRatings: 'No ratings yet',
    commentsHeading: 'What customers say',
    noComments: 'No comments to show yet.',
    ratedOutOf: (rating) => `Rated ${rating} out of 5`,
    invitation: { request: 'Invited after a visit', 'public-link': 'Via the business’s QR code' },
    hidden: (count) => `${count} hidden by the business:`,
    hideReasons: {
      'personal-data': 'personal data',
      offensive: 'offensive',
      'not-about-business': 'not about the business',
    },
    disclosureLink: 'How these reviews are collected',
    loading: 'Loading reviews…',
    unavailable: 'These reviews are not available right now.',
  },
  nl: {
    title: (businessName) => `Beoordelingen van ${businessName}`,
    averageOutOf: (average) => `${average} van de 5 sterren`,
    allRatings: (count) =>
      count === 1 ? 'Op basis van 1 beoordeling, alle meegeteld' : `Op basis van alle ${count} beoordelingen`,
    noRatings: 'Nog geen beoordelingen',
    commentsHeading: 'Wat klanten zeggen',
    noComments: 'Nog geen reacties om te tonen.',
    ratedOutOf: (rating) => `${rating} van de 5 sterren`,
    invitation: { request: 'Uitgenodigd na een bezoek', 'public-link': 'Via de QR-code van het bedrijf' },
    hidden: (count) => `${count} verborgen door het bedrijf:`,
    hideReasons: {
      'personal-data': 'persoonsgegevens',
      offensive: 'beledigend',
      'not-about-business': 'niet over het bedrijf',
    },
    disclosureLink: 'Hoe deze beoordelingen worden verzameld',
    loading: 'Beoordelingen laden…',
    unavailable: 'Deze beoordelingen zijn nu niet beschikbaar.',
  },
};

/** The widget's label of an invitation: every request (mail, text, booking system) followed a visit. */
export const invitationLabelOf = (kind: InvitationKind): 'request' | 'public-link' =>
  kind === 'public-link' ? 'public-link' : 'request';

/** The average of a survey's ratings to one decimal (the widget and the disclosure page say so); null without any. */
export const widgetAverageOf = (sum: number, count: number): number | null =>
  count > 0 ? Math.round((sum / count) * 10) / 10 : null;

export const widgetSnippetVariants = ['script', 'iframe'] as const;
export type WidgetSnippetVariant = (typeof widgetSnippetVariants)[number];

/** The iframe's accessible name, in the survey's language. */
const frameTitle: Record<Language, string> = { en: 'Customer reviews', nl: 'Klantbeoordelingen' };

/**
 * The HTML the owner pastes into their site: a container that reserves the widget's height and the async script
 * that fills it (`data-survey` names the survey), or the iframe of our own page that shows the same widget.
 */
export function widgetSnippet(
  siteOrigin: string,
  surveyCode: string,
  language: Language,
  variant: WidgetSnippetVariant,
): string {
  const origin = siteOrigin.replace(/\/+$/, '');
  const code = encodeURIComponent(surveyCode);
  const box = `width:100%;max-width:${widgetMaxWidthPx}px;height:${widgetHeightPx}px`;
  if (variant === 'iframe')
    return `<iframe src="${origin}${widgetFramePath}?survey=${code}" title="${frameTitle[language]}" style="${box};border:0" loading="lazy"></iframe>`;
  return `<div data-reviewroute-widget style="${box}"></div>\n<script async src="${origin}${widgetScriptPath}" data-survey="${code}"></script>`;
}
