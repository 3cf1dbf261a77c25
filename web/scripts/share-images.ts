// Renders the share images (Open Graph / Twitter, 1200 × 630) from the home page itself: its hero, the
// headline beside the phone showing the survey page, in each language. Run it after changing the hero:
// `cd web && npx tsx scripts/share-images.ts`; it writes web/public/og/reviewroute-{en,nl}.png.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { languages } from '@reviewroute/shared/domain';
import { shareImagePath, shareImageSize } from '../src/features/marketing/lib/page-head';
import { localizePath } from '../src/lib/language';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The logo and the hero alone on the hero's gradient: no navigation, no subtitle, no "how it works" button.
const shareCss = `
  header nav, a[href="#main"], a[href="#how-it-works"], h1 + p, main > :not(:first-child), footer { display: none !important; }
  header { position: static !important; border: 0 !important; background: transparent !important; padding-top: 16px; }
  body { background: linear-gradient(160deg, #f0fdfa, #ccfbf1) !important; }
  main section:first-of-type { overflow: visible !important; }
  [role='img'] { transform: scale(0.86); transform-origin: top center; }
  main section:first-of-type > div:first-child { display: none !important; }
  main section:first-of-type > div:last-child { padding-top: 24px !important; padding-bottom: 0 !important; }
  h1 { font-size: 64px !important; line-height: 1.05 !important; }
`;

async function main(): Promise<void> {
  const server = await createServer({
    configFile: path.join(webRoot, 'vite.config.ts'),
    root: webRoot,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, watch: null, hmr: false },
  });
  await server.listen();
  const address = server.httpServer?.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await mkdir(path.join(webRoot, 'public', 'og'), { recursive: true });
    for (const language of languages) {
      const page = await browser.newPage({ viewport: shareImageSize, locale: language, reducedMotion: 'reduce' });
      await page.goto(`${origin}${localizePath('/', language)}`, { waitUntil: 'networkidle' });
      await page.addStyleTag({ content: shareCss });
      await page.getByRole('heading', { level: 1 }).waitFor();
      const file = path.join(webRoot, 'public', shareImagePath(language));
      await page.screenshot({ path: file, clip: { x: 0, y: 0, ...shareImageSize } });
      console.log(`wrote ${path.relative(webRoot, file)}`);
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
