import type { BrowserContextOptions } from 'playwright-core';

/** The phone the e2e checks lay out at (spec: 390 px wide), touch on, animations off so axe sees settled pages. */
export const phoneContext = {
  reducedMotion: 'reduce',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const satisfies BrowserContextOptions;
