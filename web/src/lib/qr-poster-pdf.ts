import type { PDFFont, PDFPage, RGB } from '@pdfme/pdf-lib';
import { qrCodeOptions } from './qr-code';
import {
  displayUrl,
  posterColors,
  posterLayout,
  posterSize,
  qrModules,
  wrapLines,
  type PosterInput,
} from './qr-poster';
import { saveBlob } from './save-file';
import { surveyFileName } from './survey-file-name';

/** The logo as PNG bytes with its pixel size: pdf-lib embeds PNG and JPEG only, and uploads may be WebP. */
export interface PosterLogo {
  png: Uint8Array;
  width: number;
  height: number;
}

export interface PosterPdfInput extends Omit<PosterInput, 'logoHref'> {
  logo: PosterLogo | null;
  /** The language the poster speaks (its call to action), for the document's metadata. */
  language: string;
}

const pointsPerMm = 72 / 25.4;
const pt = (mm: number) => mm * pointsPerMm;

/**
 * The A5 poster as a print-ready PDF: one A5 page (148 × 210 mm) in the survey's brand colour, laid out as the
 * SVG (`posterLayout`), with the QR code as vector shapes (the same modules as the PNG and the screen), the
 * business name and the call to action in Helvetica, and the logo. pdf-lib is imported here, on demand: only an
 * owner who downloads a poster loads it.
 */
export async function posterPdf(input: PosterPdfInput): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('@pdfme/pdf-lib');
  const doc = await PDFDocument.create();
  const width = pt(posterSize.width);
  const height = pt(posterSize.height);
  const page = doc.addPage([width, height]);
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Courier),
  ]);
  const colors = posterColors(input.brandColor);
  const color = (hex: string): RGB =>
    rgb(...([1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number]));
  const { margin, bandPadding, logoCard, name, headline, instruction, qr: qrBox, footer, lineHeight } = posterLayout;
  const textWidth = width - 2 * pt(margin);
  // y runs down from the top edge in this function, as in the SVG; PDF's runs up from the bottom.
  const fromTop = (y: number) => height - y;

  // The top band: the logo on a white card, the business name.
  const band: (() => void)[] = [];
  let y = pt(bandPadding);
  const logo = input.logo ? await doc.embedPng(input.logo.png) : null;
  if (logo && input.logo) {
    const scale = Math.min(pt(logoCard.maxWidth) / input.logo.width, pt(logoCard.maxHeight) / input.logo.height);
    const [logoWidth, logoHeight] = [input.logo.width * scale, input.logo.height * scale];
    const [cardWidth, cardHeight] = [logoWidth + 2 * pt(logoCard.padding), logoHeight + 2 * pt(logoCard.padding)];
    const top = y;
    band.push(() => {
      page.drawRectangle({
        x: (width - cardWidth) / 2,
        y: fromTop(top + cardHeight),
        width: cardWidth,
        height: cardHeight,
        color: rgb(1, 1, 1),
      });
      page.drawImage(logo, {
        x: (width - logoWidth) / 2,
        y: fromTop(top + pt(logoCard.padding) + logoHeight),
        width: logoWidth,
        height: logoHeight,
      });
    });
    y += cardHeight + pt(logoCard.gap);
  }
  const businessName = printable(input.businessName, bold);
  let nameSize = pt(name.size);
  let nameLines = wrapLines(businessName, fitsIn(bold, nameSize, textWidth), name.maxLines);
  // Long names get a smaller size before they are cut.
  if (nameLines.length > 1 || nameLines.join(' ') !== businessName) {
    nameSize = pt(name.smallSize);
    nameLines = wrapLines(businessName, fitsIn(bold, nameSize, textWidth), name.maxLines);
  }
  const nameTop = y;
  band.push(() => centred(page, nameLines, nameTop, nameSize, bold, color(colors.onBrand)));
  const bandHeight = nameTop + nameLines.length * nameSize * lineHeight + pt(bandPadding);
  page.drawRectangle({ x: 0, y: fromTop(bandHeight), width, height: bandHeight, color: color(colors.brand) });
  for (const draw of band) draw();

  // The call to action.
  const headlineSize = pt(headline.size);
  const headlineLines = wrapLines(
    printable(input.headline, bold),
    fitsIn(bold, headlineSize, textWidth),
    headline.maxLines,
  );
  const headlineTop = bandHeight + pt(headline.gap);
  centred(page, headlineLines, headlineTop, headlineSize, bold, color(colors.headline));
  const headlineEnd = headlineTop + headlineLines.length * headlineSize * lineHeight;

  // The code, in a frame of the brand colour, takes what is left above the instruction and the closing band.
  const instructionSize = pt(instruction.size);
  const instructionLines = wrapLines(
    printable(input.instruction, regular),
    fitsIn(regular, instructionSize, textWidth),
    instruction.maxLines,
  );
  const footerTop = height - pt(footer.height);
  const below = pt(instruction.gap) + instructionLines.length * instructionSize * lineHeight + pt(qrBox.gap);
  const room = footerTop - below - (headlineEnd + pt(qrBox.gap));
  const qrSide = Math.max(pt(qrBox.min), Math.min(pt(qrBox.max), room));
  // What the code leaves over is shared above and below it, so the page does not end in a gap.
  const qrTop = headlineEnd + pt(qrBox.gap) + Math.max(0, (room - qrSide) / 2);
  const qrX = (width - qrSide) / 2;
  const frame = pt(qrBox.frame);
  page.drawRectangle({
    x: qrX - frame,
    y: fromTop(qrTop + qrSide + frame),
    width: qrSide + 2 * frame,
    height: qrSide + 2 * frame,
    color: color(colors.brand),
  });
  page.drawRectangle({ x: qrX, y: fromTop(qrTop + qrSide), width: qrSide, height: qrSide, color: rgb(1, 1, 1) });
  const qr = qrModules(input.url);
  const moduleSize = qrSide / (qr.size + 2 * qrCodeOptions.margin);
  // drawSvgPath puts the path's origin at (x, y) with its y axis pointing down, as in SVG.
  page.drawSvgPath(qr.path, {
    x: qrX + qrCodeOptions.margin * moduleSize,
    y: fromTop(qrTop + qrCodeOptions.margin * moduleSize),
    scale: moduleSize,
    color: color(qrCodeOptions.color.dark),
  });
  centred(page, instructionLines, qrTop + qrSide + pt(instruction.gap), instructionSize, regular, color(colors.text));

  // The closing band with the link to type when a camera cannot scan.
  page.drawRectangle({ x: 0, y: 0, width, height: pt(footer.height), color: color(colors.brand) });
  const linkSize = pt(footer.linkSize);
  const linkLines = wrapLines(printable(displayUrl(input.url), mono), fitsIn(mono, linkSize, textWidth), 2);
  const linkTop = footerTop + (pt(footer.height) - linkLines.length * linkSize * lineHeight) / 2;
  centred(page, linkLines, linkTop, linkSize, mono, color(colors.onBrand));

  doc.setTitle(printable(input.businessName, bold));
  doc.setSubject(printable(input.headline, bold));
  doc.setLanguage(input.language);
  doc.setCreator('ReviewRoute');
  doc.setProducer('ReviewRoute');
  return doc.save();
}

/** Whether a line fits `width` points in `font` at `size`. */
const fitsIn = (font: PDFFont, size: number, width: number) => (line: string) =>
  font.widthOfTextAtSize(line, size) <= width;

/**
 * `text` in the characters `font` can print. The standard PDF fonts cover Western European text (WinAnsi); a
 * letter outside it loses its accent when that helps (ő becomes o), else it is left out (ł), so an unusual name
 * never stops the poster from being made.
 */
export function printable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.replace(/\s+/g, ' ')) {
    if (known.has(char.codePointAt(0)!)) out += char;
    else
      for (const part of char.normalize('NFKD').replace(/\p{M}/gu, ''))
        if (known.has(part.codePointAt(0)!)) out += part;
  }
  return out.trim();
}

/** `lines` centred on the page, the first line's top at `top` (points from the top edge). */
function centred(page: PDFPage, lines: string[], top: number, size: number, font: PDFFont, color: RGB): void {
  const { width, height } = page.getSize();
  lines.forEach((line, i) => {
    // The baseline just under one font size below the line's top: room for Helvetica's ascent above it.
    const baseline = top + i * size * posterLayout.lineHeight + size * 0.95;
    page.drawText(line, {
      x: (width - font.widthOfTextAtSize(line, size)) / 2,
      y: height - baseline,
      size,
      font,
      color,
    });
  });
}

/**
 * The logo as PNG bytes for the PDF, drawn through a canvas (which reads JPEG, PNG and WebP alike) at most 600 px
 * on its longest side; null when it cannot be read (network, CORS, no canvas): the poster is then made without it.
 */
export async function posterLogo(url: string): Promise<PosterLogo | null> {
  try {
    const response = await fetch(url, { mode: 'cors' });
    if (!response.ok || typeof createImageBitmap !== 'function') return null;
    const bitmap = await createImageBitmap(await response.blob());
    try {
      const scale = Math.min(1, 600 / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) return null;
      return { png: new Uint8Array(await blob.arrayBuffer()), width: canvas.width, height: canvas.height };
    } finally {
      bitmap.close();
    }
  } catch {
    return null;
  }
}

/** Lets the browser save `pdf` as the poster of the survey behind `url`: `{slug}-poster-a5.pdf`. */
export function savePosterPdf(pdf: Uint8Array, url: string, doc: Document = document): void {
  saveBlob(
    new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    surveyFileName(url, 'poster-a5.pdf'),
    doc,
  );
}
