import { hexColorPattern } from '@reviewroute/shared';

/** Relative luminance (WCAG 2) of `#rrggbb`. */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white text, whichever reads better on `background` (the owner picks any colour). */
export function readableTextOn(background: string): string {
  if (!hexColorPattern.test(background)) return '#000000';
  const l = luminance(background);
  const onWhite = (1 + 0.05) / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onWhite >= onBlack ? '#ffffff' : '#000000';
}

/** The colour to paint with: the typed one when it is valid, else the fallback. */
export const validColor = (value: string | undefined, fallback: string): string =>
  value && hexColorPattern.test(value.trim()) ? value.trim() : fallback;
