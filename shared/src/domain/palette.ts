/**
 * The colours a survey page is painted with, derived from the owner's two picks (customColors). The public
 * page and the wizard's live preview both paint with `surveyPalette`, so the preview shows what customers see.
 * The owner may pick anything, so text colours are derived: black or white, whichever contrasts more (WCAG AA
 * for text is then always met on a flat colour).
 */

export const hexColorPattern = /^#[0-9a-f]{6}$/i;

export interface SurveyColors {
  primaryColor: string;
  backgroundColor: string;
}

/**
 * ReviewRoute's own teal (the logo's colour): a new survey looks like part of the product until the owner
 * picks their own, and white text on it reads at 5.5:1.
 */
export const defaultSurveyColors: SurveyColors = { primaryColor: '#0f766e', backgroundColor: '#ffffff' };

/** The colour to paint with: the given one (trimmed, lowercase) when it is `#rrggbb`, else the fallback. */
export const validColor = (value: string | undefined, fallback: string): string =>
  value && hexColorPattern.test(value.trim()) ? value.trim().toLowerCase() : fallback;

/** Relative luminance (WCAG 2) of `#rrggbb`. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio (WCAG 2) of two `#rrggbb` colours, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background`. */
export const readableOn = (background: string): string =>
  contrast(background, '#ffffff') >= contrast(background, '#000000') ? '#ffffff' : '#000000';

export interface SurveyPalette {
  background: string;
  /** Text on the background. */
  foreground: string;
  /** Buttons and step markers. */
  primary: string;
  /** Text on primary. */
  onPrimary: string;
  /**
   * Chosen stars and focus rings: the primary colour when it stands out from the background (3:1, WCAG
   * non-text contrast), else the text colour, so a pale primary on a pale page still shows the choice.
   */
  accent: string;
}

/** The page's palette; a missing or half-typed colour falls back to the default one. */
export function surveyPalette(colors: Partial<SurveyColors> | undefined): SurveyPalette {
  const background = validColor(colors?.backgroundColor, defaultSurveyColors.backgroundColor);
  const primary = validColor(colors?.primaryColor, defaultSurveyColors.primaryColor);
  const foreground = readableOn(background);
  return {
    background,
    foreground,
    primary,
    onPrimary: readableOn(primary),
    accent: contrast(primary, background) >= 3 ? primary : foreground,
  };
}
