import QRCode from 'qrcode';
import { qrCodeOptions } from './qr-code';
import { saveFile } from './save-file';

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

export const posterFileName = 'survey-poster-a5.svg';

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
  /** A thin bar in the survey's own colour; the rest stays black on white for any printer. */
  accentColor: string;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * Breaks `text` into at most `maxLines` lines of about `maxChars` characters at spaces; a word longer than a
 * line is cut, and what does not fit ends in an ellipsis. SVG text does not wrap by itself.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word.length > maxChars ? word.slice(0, maxChars) : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`;
  return kept;
}

const fontFamily = "'Helvetica Neue', Helvetica, Arial, system-ui, sans-serif";
/** Average glyph width of a bold sans-serif, as a share of the font size: enough to keep lines inside the page. */
const glyphWidth = 0.6;
const margin = 12;
const textWidth = posterSize.width - 2 * margin;
const charsFor = (fontSize: number) => Math.floor(textWidth / (fontSize * glyphWidth));

/** Text lines centred on the page, the first baseline at `y`; returns the markup and the y below them. */
function centredLines(lines: string[], y: number, fontSize: number, attributes: string): [string, number] {
  const lineHeight = fontSize * 1.2;
  const markup = lines
    .map(
      (line, i) =>
        `<text x="${posterSize.width / 2}" y="${(y + i * lineHeight).toFixed(2)}" font-size="${fontSize}" text-anchor="middle" ${attributes}>${escapeXml(line)}</text>`,
    )
    .join('');
  return [markup, y + (lines.length - 1) * lineHeight];
}

/** The printable link under the code: without the scheme, which nobody types. */
const displayUrl = (url: string) => url.replace(/^https?:\/\//, '');

/** The A5 poster as an SVG document: accent bar, logo, business name, call to action, QR code, the link. */
export function posterSvg(input: PosterInput): string {
  const { width, height } = posterSize;
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<rect width="${width}" height="6" fill="${escapeXml(input.accentColor)}"/>`,
  ];
  let y = 18;
  if (input.logoHref) {
    const logoHeight = 26;
    parts.push(
      `<image href="${escapeXml(input.logoHref)}" x="${margin}" y="${y}" width="${textWidth}" height="${logoHeight}" preserveAspectRatio="xMidYMid meet"/>`,
    );
    y += logoHeight + 12;
  } else {
    y += 8;
  }
  // Long names get a smaller size before they are wrapped onto a second line.
  const nameSize = input.businessName.length > charsFor(10) ? 8 : 10;
  const [name, nameEnd] = centredLines(
    wrapText(input.businessName, charsFor(nameSize), 2),
    y,
    nameSize,
    `font-weight="700" fill="#111111"`,
  );
  parts.push(name);
  const [headline, headlineEnd] = centredLines(
    wrapText(input.headline, charsFor(7), 2),
    nameEnd + 14,
    7,
    `font-weight="700" fill="#111111"`,
  );
  parts.push(headline);
  const [instruction, instructionEnd] = centredLines(
    wrapText(input.instruction, charsFor(4.2) + 8, 2),
    headlineEnd + 8,
    4.2,
    `fill="#333333"`,
  );
  parts.push(instruction);

  // The code takes what is left above the link, never less than 60 mm (readable from arm's length).
  const linkBaseline = height - 14;
  const top = instructionEnd + 8;
  const qrSide = Math.max(60, Math.min(96, linkBaseline - 10 - top));
  const qr = qrModules(input.url);
  const quiet = qrCodeOptions.margin;
  const units = qr.size + 2 * quiet;
  parts.push(
    `<svg x="${((width - qrSide) / 2).toFixed(2)}" y="${top.toFixed(2)}" width="${qrSide.toFixed(2)}" height="${qrSide.toFixed(2)}" viewBox="${-quiet} ${-quiet} ${units} ${units}" shape-rendering="crispEdges" data-testid="poster-qr"><rect x="${-quiet}" y="${-quiet}" width="${units}" height="${units}" fill="${qrCodeOptions.color.light}"/><path d="${qr.path}" fill="${qrCodeOptions.color.dark}"/></svg>`,
  );
  const [link] = centredLines(
    wrapText(displayUrl(input.url), charsFor(3.6) + 10, 2),
    linkBaseline,
    3.6,
    `fill="#333333" font-family="ui-monospace, Menlo, Consolas, monospace"`,
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

/** Lets the browser save `svg` as the poster file. */
export function savePoster(svg: string, doc: Document = document): void {
  const href = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    saveFile(href, posterFileName, doc);
  } finally {
    // Revoked later: revoking right after the click can cancel a download that has not read the blob yet.
    setTimeout(() => URL.revokeObjectURL(href), 30_000);
  }
}
