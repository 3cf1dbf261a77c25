import QRCode from 'qrcode';
import { contrast, defaultSurveyColors, escapeXml, readableOn, validColor } from '@reviewroute/shared/domain';
import { qrCodeOptions } from './qr-code';
import { saveBlob } from './save-file';
import { surveyFileName } from './survey-file-name';

/**
 * The survey's QR code as vector shapes, and the print-ready A5 poster built around it. The screen and the
 * poster draw the same modules as the PNG download (same error correction, black on white), so all three
 * decode to the same link.
 */

export interface QrModules {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** One SVG path of every dark module, in module units (0..size). */
  path: string;
}

/** The dark modules of `url`'s QR code as one path; runs of dark modules in a row become one rectangle. */
export function qrModules(url: string): QrModules {
  if (!url) throw new Error('No URL to encode');
  const { modules } = QRCode.create(url, {});
  const { size } = modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules.get(y, x)) x++;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  }
  return { size, path: parts.join('') };
}

/** ISO A5 portrait, in millimetres: the SVG's user unit is 1 mm, so printers get the size exactly. */
export const posterSize = { width: 148, height: 210 } as const;

export interface PosterInput {
  url: string;
  businessName: string;
  /** The logo as a data: URL (embedded, so the file prints anywhere) or an http(s) URL; null without one. */
  logoHref: string | null;
  /** The call to action, in the survey's language. */
  headline: string;
  instruction: string;
  /** The survey's primary colour (`#rrggbb`): the poster's bands and headline. */
  brandColor: string;
}

/**
 * The poster's colours from the survey's brand colour: the bands in it, their text black or white (whichever
 * reads better), the headline in it when it stands out from white paper (3:1), else near-black. The QR code itself
 * stays black on white, which every scanner reads.
 */
export function posterColors(brandColor: string) {
  const brand = validColor(brandColor, defaultSurveyColors.primaryColor);
  return {
    brand,
    onBrand: readableOn(brand),
    headline: contrast(brand, '#ffffff') >= 3 ? brand : '#111111',
    text: '#333333',
  };
}

/** The poster's layout, in millimetres, shared by the PDF and the SVG so both print alike. */
export const posterLayout = {
  margin: 12,
  /** The top band: padding above and below its logo card and name. */
  bandPadding: 10,
  /** The white card the logo sits on in the band, and the largest logo inside it. */
  logoCard: { padding: 3, maxWidth: 56, maxHeight: 20, gap: 5 },
  name: { size: 8, smallSize: 6.5, maxLines: 2 },
  headline: { size: 7.5, maxLines: 2, gap: 10 },
  instruction: { size: 4.3, maxLines: 3, gap: 6 },
  /** The code, quiet zone included, between these sizes; a frame in the brand colour around it. */
  qr: { min: 50, max: 92, gap: 8, frame: 1.2 },
  /** The bottom band with the printable link. */
  footer: { height: 15, linkSize: 3.4 },
  lineHeight: 1.2,
} as const;

/**
 * Breaks `text` into at most `maxLines` lines that `fits` at spaces; a word longer than a line is cut, and what
 * does not fit ends in an ellipsis. Neither SVG nor PDF text wraps by itself.
 */
export function wrapLines(text: string, fits: (line: string) => boolean, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  const cut = (word: string) => {
    let end = word.length;
    while (end > 1 && !fits(word.slice(0, end))) end--;
    return word.slice(0, end);
  };
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = fits(word) ? word : cut(word);
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last.length > 1 && !fits(`${last.trimEnd()}…`)) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

/** `wrapLines` by a count of characters: SVG cannot measure text, so a generous glyph width stands in. */
export const wrapText = (text: string, maxChars: number, maxLines: number): string[] =>
  wrapLines(text, (line) => line.length <= maxChars, maxLines);

const fontFamily = "'Helvetica Neue', Helvetica, Arial, system-ui, sans-serif";
/** Average glyph width of a bold sans-serif, as a share of the font size: enough to keep lines inside the page. */
const glyphWidth = 0.6;
const textWidth = posterSize.width - 2 * posterLayout.margin;
const charsFor = (fontSize: number) => Math.floor(textWidth / (fontSize * glyphWidth));

/** Text lines centred on the page, the first baseline at `y`; returns the markup and the last baseline. */
function centredLines(lines: string[], y: number, fontSize: number, attributes: string): [string, number] {
  const lineHeight = fontSize * posterLayout.lineHeight;
  const markup = lines
    .map(
      (line, i) =>
        `<text x="${posterSize.width / 2}" y="${(y + i * lineHeight).toFixed(2)}" font-size="${fontSize}" text-anchor="middle" ${attributes}>${escapeXml(line)}</text>`,
    )
    .join('');
  return [markup, y + (lines.length - 1) * lineHeight];
}

/** The printable link under the code: without the scheme, which nobody types. */
export const displayUrl = (url: string) => url.replace(/^https?:\/\//, '');

/**
 * The A5 poster as an SVG document (the second download; the PDF is the print-ready one): a band in the brand
 * colour with the logo and business name, the call to action, the QR code, and the link in a closing band.
 */
export function posterSvg(input: PosterInput): string {
  const { width, height } = posterSize;
  const { bandPadding, logoCard, name, headline, instruction, qr: qrBox, footer } = posterLayout;
  const colors = posterColors(input.brandColor);
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="#ffffff"/>`];
  const band: string[] = [];
  let y = bandPadding;
  if (input.logoHref) {
    const cardWidth = logoCard.maxWidth + 2 * logoCard.padding;
    const cardHeight = logoCard.maxHeight + 2 * logoCard.padding;
    band.push(
      `<rect x="${(width - cardWidth) / 2}" y="${y}" width="${cardWidth}" height="${cardHeight}" rx="2" fill="#ffffff"/>`,
      `<image href="${escapeXml(input.logoHref)}" x="${(width - logoCard.maxWidth) / 2}" y="${y + logoCard.padding}" width="${logoCard.maxWidth}" height="${logoCard.maxHeight}" preserveAspectRatio="xMidYMid meet"/>`,
    );
    y += cardHeight + logoCard.gap;
  }
  // Long names get a smaller size before they are wrapped onto a second line.
  const nameSize = input.businessName.length > charsFor(name.size) ? name.smallSize : name.size;
  const [nameMarkup, nameEnd] = centredLines(
    wrapText(input.businessName, charsFor(nameSize), name.maxLines),
    y + nameSize,
    nameSize,
    `font-weight="700" fill="${colors.onBrand}"`,
  );
  band.push(nameMarkup);
  const bandHeight = nameEnd + bandPadding;
  parts.push(`<rect width="${width}" height="${bandHeight.toFixed(2)}" fill="${colors.brand}"/>`, ...band);

  const [headlineMarkup, headlineEnd] = centredLines(
    wrapText(input.headline, charsFor(headline.size), headline.maxLines),
    bandHeight + headline.gap + headline.size * 0.7,
    headline.size,
    `font-weight="700" fill="${colors.headline}"`,
  );
  parts.push(headlineMarkup);

  const instructionLines = wrapText(input.instruction, charsFor(instruction.size) + 8, instruction.maxLines);
  const instructionHeight = instructionLines.length * instruction.size * posterLayout.lineHeight;
  const footerTop = height - footer.height;
  // The code takes what is left between the headline and the instruction, within its bounds.
  const room = footerTop - instruction.gap - instructionHeight - qrBox.gap - (headlineEnd + qrBox.gap);
  const qrSide = Math.max(qrBox.min, Math.min(qrBox.max, room));
  // What the code leaves over is shared above and below it, so the page does not end in a gap.
  const top = headlineEnd + qrBox.gap + Math.max(0, (room - qrSide) / 2);
  const qr = qrModules(input.url);
  const quiet = qrCodeOptions.margin;
  const units = qr.size + 2 * quiet;
  const qrX = (width - qrSide) / 2;
  parts.push(
    `<rect x="${(qrX - qrBox.frame).toFixed(2)}" y="${(top - qrBox.frame).toFixed(2)}" width="${(qrSide + 2 * qrBox.frame).toFixed(2)}" height="${(qrSide + 2 * qrBox.frame).toFixed(2)}" rx="2" fill="${colors.brand}"/>`,
    `<svg x="${qrX.toFixed(2)}" y="${top.toFixed(2)}" width="${qrSide.toFixed(2)}" height="${qrSide.toFixed(2)}" viewBox="${-quiet} ${-quiet} ${units} ${units}" shape-rendering="crispEdges" data-testid="poster-qr"><rect x="${-quiet}" y="${-quiet}" width="${units}" height="${units}" fill="${qrCodeOptions.color.light}"/><path d="${qr.path}" fill="${qrCodeOptions.color.dark}"/></svg>`,
  );
  const [instructionMarkup] = centredLines(
    instructionLines,
    top + qrSide + instruction.gap + instruction.size,
    instruction.size,
    `fill="${colors.text}"`,
  );
  parts.push(instructionMarkup);

  parts.push(`<rect y="${footerTop}" width="${width}" height="${footer.height}" fill="${colors.brand}"/>`);
  const linkLines = wrapText(displayUrl(input.url), charsFor(footer.linkSize) + 10, 2);
  const linkTop = footerTop + (footer.height - linkLines.length * footer.linkSize * posterLayout.lineHeight) / 2;
  const [link] = centredLines(
    linkLines,
    linkTop + footer.linkSize,
    footer.linkSize,
    `fill="${colors.onBrand}" font-family="ui-monospace, Menlo, Consolas, monospace"`,
  );
  parts.push(link);

  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${height}mm" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(fontFamily)}">
<title>${escapeXml(input.businessName)}</title>
${parts.join('\n')}
</svg>
`;
}

/**
 * The logo as a data: URL, so the saved poster carries it. When the image cannot be read (network, CORS),
 * the poster links it instead: it still shows wherever the file is opened online.
 */
export async function embeddableImage(url: string): Promise<string> {
  try {
    const response = await fetch(url, { mode: 'cors' });
    if (!response.ok) return url;
    const blob = await response.blob();
    if (!blob.type.startsWith('image/')) return url;
    return await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('Unreadable image'));
      reader.readAsDataURL(blob);
    });
  } catch {
    return url;
  }
}

/** Lets the browser save `svg` as the poster of the survey behind `url`: `{slug}-poster-a5.svg`. */
export function savePosterSvg(svg: string, url: string, doc: Document = document): void {
  saveBlob(new Blob([svg], { type: 'image/svg+xml' }), surveyFileName(url, 'poster-a5.svg'), doc);
}
