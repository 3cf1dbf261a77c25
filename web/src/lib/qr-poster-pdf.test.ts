import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts } from '@pdfme/pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { posterPdf, printable, type PosterPdfInput } from './qr-poster-pdf';

const url = 'https://app.example/nl/surveys/abcdefgh/bakkerij-de-vries';

const input = (overrides: Partial<PosterPdfInput> = {}): PosterPdfInput => ({
  url,
  businessName: 'Bakkerij De Vries',
  logo: null,
  headline: 'Hoe hebben we het gedaan?',
  instruction: 'Scan de code met de camera van je telefoon en vertel ons over je bezoek.',
  brandColor: '#7c3aed',
  language: 'nl',
  ...overrides,
});

/** A 2 × 1 PNG (one red, one blue pixel), as the canvas hands the logo over. */
const tinyPng = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEklEQVR4nGP4z8DAwMDAwMDAAAANBAEBnpsPqAAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** The page's text as a PDF reader (pdf.js) extracts it, whitespace removed. */
async function textOf(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
  return text.replace(/\s/g, '');
}

describe('A5 poster PDF', () => {
  it('is one A5 page with the business name, the call to action and the link', async () => {
    const pdf = await posterPdf(input());
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    // A5: 148 × 210 mm in points.
    expect(width).toBeCloseTo((148 * 72) / 25.4, 1);
    expect(height).toBeCloseTo((210 * 72) / 25.4, 1);
    expect(doc.getTitle()).toBe('Bakkerij De Vries');
    const text = await textOf(pdf);
    expect(text).toContain('BakkerijDeVries');
    expect(text).toContain('Hoehebbenwehetgedaan?');
    expect(text).toContain('app.example/nl/surveys/abcdefgh/bakkerij-de-vries');
  });

  it("paints in the survey's brand colour", async () => {
    const pdf = await posterPdf(input({ brandColor: '#7C3AED' }));
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const content = contentOf(doc);
    // 0x7c/255, 0x3a/255, 0xed/255 as the fill colour of the bands and the code's frame.
    expect(content.match(/0\.48\d* 0\.22\d* 0\.92\d* rg/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('embeds the logo and keeps a very long name to two lines', async () => {
    const name = 'Bakkerij en Banketbakkerij Van Der Heijden-Vermeulen aan de Oude Gracht te Utrecht en omstreken';
    const pdf = await posterPdf(input({ businessName: name, logo: { png: tinyPng, width: 2, height: 1 } }));
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const content = contentOf(doc);
    expect(content).toMatch(/\/Image-\S+ Do/);
    const text = await textOf(pdf);
    expect(text).toContain('Bakkerijen');
    expect(text).toContain('…');
    expect(text).not.toContain('omstreken');
  });

  it('prints what the standard fonts cannot as the closest letters instead of failing', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(printable('Café Zoë  & Søn', font)).toBe('Café Zoë & Søn');
    expect(printable('Kőszegi Łódź 🍞', font)).toBe('Koszegi ódz');
    await expect(posterPdf(input({ businessName: 'Bäckerei Łódź 🍞' }))).resolves.toBeInstanceOf(Uint8Array);
  });
});

/** The page's content stream, inflated. */
function contentOf(doc: PDFDocument): string {
  const contents = doc.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
  return streams
    .map((ref) => (ref ? doc.context.lookup(ref) : undefined))
    .filter((stream) => stream instanceof PDFRawStream)
    .map((stream) => new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode()))
    .join('\n');
}
