import type { JSHandle, Locator, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { describe, expect, inject, it } from 'vitest';
import { surveyMessages } from '@reviewroute/shared';
import { createSampleSurvey } from '../support/api';
import { useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { signInThroughUi, texts, type Lang } from '../support/app-flows';

/** The drop zone's texts, exactly as the catalogues have them. */
const zoneTexts = {
  en: {
    logo: 'Business logo',
    logoPreview: 'Your logo',
    drop: 'Drop the image to upload it',
    help: 'JPG, PNG or WebP. Large photos are fine: your browser scales them down before uploading.',
    // The spec's own text (spec 5), pinned by shared's tests.
    fileType: surveyMessages.fileTypeNotAllowed,
  },
  nl: {
    logo: 'Bedrijfslogo',
    logoPreview: 'Je logo',
    drop: 'Laat de afbeelding los om hem te uploaden',
    help: 'JPG, PNG of WebP. Een grote foto mag gewoon: je browser verkleint hem voor het uploaden.',
    fileType: 'Alleen JPG-, PNG- en WebP-bestanden zijn toegestaan',
  },
} satisfies Record<Lang, unknown>;

const languages: { lang: Lang; locale: string }[] = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'nl', locale: 'nl-NL' },
];

/** A file as the page builds it: plain bytes cross into the browser, the File is made there. */
interface FileSpec {
  name: string;
  type: string;
  bytes: number[];
}

/** A small valid PNG (a QR code of `text`), so two of them differ. */
const png = async (name: string, text: string): Promise<FileSpec> => ({
  name,
  type: 'image/png',
  bytes: [...(await QRCode.toBuffer(text, { type: 'png', width: 96, margin: 1 }))],
});

/** A DataTransfer in the page holding one file, as a drag from the desktop or a copied file carries it. */
function dataTransferWith(page: Page, file: FileSpec): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(({ name, type, bytes }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
    return transfer;
  }, file);
}

/** Drags `file` over the zone (which says it takes it), then drops it. */
async function dropOnto(page: Page, zone: Locator, file: FileSpec, dropText: string): Promise<void> {
  const dataTransfer = await dataTransferWith(page, file);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.and(page.locator('[data-dragging]')).getByText(dropText).waitFor();
  await zone.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}

/** Pastes `file` into the focused file input of the zone (Ctrl/Cmd+V); true when the zone took the paste. */
async function pasteInto(page: Page, input: Locator, file: FileSpec): Promise<boolean> {
  await input.focus();
  const clipboardData = await dataTransferWith(page, file);
  const taken = await input.evaluate(
    (element, data) =>
      // dispatchEvent is false when a listener called preventDefault: the zone handled the paste itself.
      !element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })),
    clipboardData,
  );
  await clipboardData.dispose();
  return taken;
}

/** The uploaded logo's address once its upload is confirmed and the browser has loaded it. */
async function confirmedLogo(zone: Locator, alt: string, previous?: string): Promise<string> {
  const preview = zone.getByRole('img', { name: alt });
  await expect
    .poll(async () => {
      if ((await preview.count()) === 0) return undefined;
      const src = await preview.getAttribute('src');
      const loaded = await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
      return src && src !== previous && loaded ? src : undefined;
    })
    .toBeDefined();
  return (await preview.getAttribute('src'))!;
}

describe.each(languages)('image drop zone ($lang)', ({ lang, locale }) => {
  const b = useBrowser({ locale, reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  const z = zoneTexts[lang];

  it('uploads a dropped and a pasted image, shows each in the preview, and refuses other file types', async () => {
    const page = b.page();
    const owner = await createSignedInUser(inject('localStack'));
    const survey = await createSampleSurvey(owner, `Drop Zone Bakery ${lang}`);
    await signInThroughUi(page, lang, owner);
    await page.goto(`${texts[lang].prefix}/landing-page-preview?survey=${survey.id}`);
    const zone = page.getByTestId('dropzone-logo');
    const input = page.getByLabel(z.logo);
    await input.waitFor({ state: 'attached' });
    // The hint says what happens to a large photo (it is scaled down, not refused), not a size limit.
    await page.getByText(z.help, { exact: true }).waitFor();
    const error = page.getByTestId('upload-logo-error');

    // Dropped: the preview shows the uploaded image, the stored one (not the local copy).
    await dropOnto(page, zone, await png('dropped.png', 'dropped logo'), z.drop);
    const dropped = await confirmedLogo(zone, z.logoPreview);
    expect(dropped).not.toMatch(/^blob:/);
    expect(await zone.getAttribute('data-dragging')).toBeNull();

    // A dropped GIF is refused in the browser with the spec's message; the logo stays.
    await dropOnto(page, zone, { name: 'moving.gif', type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] }, z.drop);
    await error.filter({ hasText: z.fileType }).waitFor();
    expect(await zone.getByRole('img', { name: z.logoPreview }).getAttribute('src')).toBe(dropped);

    // Pasted: replaces the logo and clears the message.
    expect(await pasteInto(page, input, await png('pasted.png', 'pasted logo'))).toBe(true);
    const pasted = await confirmedLogo(zone, z.logoPreview, dropped);
    expect(pasted).not.toMatch(/^blob:/);
    expect(await error.count()).toBe(0);

    // A pasted text file gets the same message; the pasted logo stays.
    expect(await pasteInto(page, input, { name: 'notes.txt', type: 'text/plain', bytes: [0x68, 0x69] })).toBe(true);
    await error.filter({ hasText: z.fileType }).waitFor();
    expect(await zone.getByRole('img', { name: z.logoPreview }).getAttribute('src')).toBe(pasted);
  });
});

describe('image drop zone: a photo straight from a phone camera', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  const z = zoneTexts.en;

  it('scales a 4032 × 3024 JPEG over 2 MB down to 1600 px in the browser and uploads it as the logo', async () => {
    const page = b.page();
    const owner = await createSignedInUser(inject('localStack'));
    const survey = await createSampleSurvey(owner, 'Camera Roll Bakery');
    await signInThroughUi(page, 'en', owner);
    await page.goto(`/landing-page-preview?survey=${survey.id}`);
    const zone = page.getByTestId('dropzone-logo');
    await page.getByLabel(z.logo).waitFor({ state: 'attached' });

    // The camera's photo, made in the page: noise keeps the JPEG large, as a real photo's detail does.
    const photo = await page.evaluateHandle(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 4032;
      canvas.height = 3024;
      const context = canvas.getContext('2d')!;
      const pixels = context.createImageData(canvas.width, canvas.height);
      for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : (i * 2654435761) >>> 24;
      context.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95));
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], 'IMG_0001.jpg', { type: 'image/jpeg' }));
      return transfer;
    });
    const chosenBytes = await photo.evaluate((transfer) => transfer.files[0]!.size);
    expect(chosenBytes).toBeGreaterThan(2 * 1024 * 1024);
    await zone.dispatchEvent('drop', { dataTransfer: photo });
    await photo.dispose();

    const stored = await confirmedLogo(zone, z.logoPreview);
    expect(stored).not.toMatch(/^blob:/);
    expect(await page.getByTestId('upload-logo-error').count()).toBe(0);
    const size = await zone
      .getByRole('img', { name: z.logoPreview })
      .evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
    expect(size).toEqual({ width: 1600, height: 1200 });
    const uploaded = await page.evaluate(async (src) => (await (await fetch(src)).blob()).size, stored);
    expect(uploaded).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});
