import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as Chromium (Skia) writes it, for tests that check what a printed page says: each page's
 * content stream, its text-showing operators (`Tj`, `TJ`) decoded through the font's ToUnicode map. Enough for
 * Skia's output (unencrypted, no object streams, hex strings, Flate); not a general PDF reader. Pages follow one
 * another; every text operator's string is its own piece, so compare with whitespace removed.
 */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const unicodeMaps = new Map<number, UnicodeMap>();
  const mapOfFont = (ref: number): UnicodeMap | undefined => {
    if (!unicodeMaps.has(ref)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref)?.dict ?? '')?.[1];
      const stream = toUnicode ? objects.get(Number(toUnicode))?.stream : undefined;
      if (stream) unicodeMaps.set(ref, parseCMap(stream.toString('latin1')));
    }
    return unicodeMaps.get(ref);
  };
  const pieces: string[] = [];
  for (const { dict } of objects.values()) {
    if (!/\/Type \/Page\b/.test(dict)) continue;
    const fonts = new Map<string, number>();
    const fontDict = /\/Font <<([^>]*)>>/.exec(dict)?.[1] ?? '';
    for (const [, name, ref] of fontDict.matchAll(/\/(\S+) (\d+) 0 R/g)) fonts.set(name!, Number(ref));
    for (const [, ref] of /\/Contents (\d+) 0 R/.exec(dict) ? [/\/Contents (\d+) 0 R/.exec(dict)!] : []) {
      const content = objects.get(Number(ref))?.stream?.toString('latin1') ?? '';
      let font: UnicodeMap | undefined;
      for (const op of content.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
        if (op[1] !== undefined) {
          const fontRef = fonts.get(op[1]);
          font = fontRef === undefined ? undefined : mapOfFont(fontRef);
        } else if (font) {
          const strings = op[2] !== undefined ? [...op[2].matchAll(/<([0-9A-Fa-f\s]*)>/g)].map((m) => m[1]!) : [op[3]!];
          pieces.push(strings.map((hex) => decode(font!, hex.replace(/\s/g, ''))).join(''));
        }
      }
      pieces.push('\n');
    }
  }
  return pieces.join(' ');
}

interface UnicodeMap {
  codeBytes: number;
  codes: Map<number, string>;
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

/** Every `n 0 obj … endobj`, its stream inflated; read by byte offsets (latin1 keeps them 1:1). */
function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const start = /(\d+) 0 obj\b/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const body = match.index + match[0].length;
    const end = text.indexOf('endobj', body);
    const streamAt = text.indexOf('stream', body);
    if (streamAt === -1 || streamAt > end) {
      objects.set(Number(match[1]), { dict: text.slice(body, end) });
      continue;
    }
    const dict = text.slice(body, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const dataAt = streamAt + 'stream'.length + (text[streamAt + 6] === '\r' ? 2 : 1);
    const raw = pdf.subarray(dataAt, dataAt + length);
    objects.set(Number(match[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
    start.lastIndex = dataAt + length;
  }
  return objects;
}

const utf16 = (hex: string) =>
  String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));

/** A ToUnicode CMap: its code width and the `bfchar` / `bfrange` entries. */
function parseCMap(cmap: string): UnicodeMap {
  const codeBytes = (/begincodespacerange\s*<([0-9A-Fa-f]+)>/.exec(cmap)?.[1]?.length ?? 4) / 2;
  const codes = new Map<number, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, unicode] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      codes.set(Number.parseInt(code!, 16), utf16(unicode!));
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, target] of block!.matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g,
    )) {
      const first = Number.parseInt(from!, 16);
      const last = Number.parseInt(to!, 16);
      const list = target!.startsWith('[') ? [...target!.matchAll(/<([0-9A-Fa-f]+)>/g)].map((m) => m[1]!) : null;
      const base = list ? 0 : Number.parseInt(target!.slice(1, -1), 16);
      for (let code = first; code <= last; code++)
        codes.set(code, list ? utf16(list[code - first] ?? '') : String.fromCharCode(base + code - first));
    }
  return { codeBytes, codes };
}

function decode(font: UnicodeMap, hex: string): string {
  const width = font.codeBytes * 2;
  let out = '';
  for (let i = 0; i + width <= hex.length; i += width)
    out += font.codes.get(Number.parseInt(hex.slice(i, i + width), 16)) ?? '';
  return out;
}

/** Each page's size in points (its MediaBox), in file order: A4 is about 595 × 842. */
export function pdfPageSizes(pdf: Buffer): (readonly [number, number])[] {
  return [...objectsOf(pdf).values()]
    .filter(({ dict }) => /\/Type \/Page\b/.test(dict))
    .map(({ dict }): readonly [number, number] => {
      const box = /\/MediaBox \[([\d.\s-]+)\]/.exec(dict)?.[1]?.trim().split(/\s+/).map(Number) ?? [];
      return [(box[2] ?? 0) - (box[0] ?? 0), (box[3] ?? 0) - (box[1] ?? 0)];
    });
}
