import jsQR from 'jsqr';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '@testing/api';
import {
  embeddableImage,
  posterColors,
  posterSvg,
  qrModules,
  savePosterSvg,
  wrapText,
  type PosterInput,
} from './qr-poster';

afterEach(() => {
  vi.restoreAllMocks();
});

const url = 'https://app.example/nl/surveys/abcdefgh/bakkerij-de-vries';

const input = (overrides: Partial<PosterInput> = {}): PosterInput => ({
  url,
  businessName: 'Bakkerij De Vries',
  logoHref: null,
  headline: 'Hoe hebben we het gedaan?',
  instruction: 'Scan de code met de camera van je telefoon en vertel ons over je bezoek.',
  brandColor: '#0f766e',
  ...overrides,
});

/**
 * Paints a module path (`M{x} {y}h{n}v1h-{n}z` rectangles) black on white at `scale` pixels per module with a
 * quiet zone, and reads it back with a real QR decoder: the file's code, not our idea of it, is checked.
 */
function decodePath(path: string, size: number, quiet = 4, scale = 4): string | undefined {
  const side = (size + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < Number(run) * scale; dx++) {
        const px = (Number(x) + quiet) * scale + dx;
        const py = (Number(y) + quiet) * scale + dy;
        pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
      }
    }
  }
  return jsQR(pixels, side, side)?.data;
}

describe('QR modules', () => {
  it('draw a code that decodes to the URL', () => {
    const qr = qrModules(url);
    expect(qr.size).toBeGreaterThanOrEqual(21);
    expect(decodePath(qr.path, qr.size)).toBe(url);
  });

  it('refuse an empty URL', () => {
    expect(() => qrModules('')).toThrow();
  });
});

describe('wrapText', () => {
  it('breaks at spaces, cuts an overlong word and ends what does not fit with an ellipsis', () => {
    expect(wrapText('  Anna’s   Bakery  ', 20, 2)).toEqual(['Anna’s Bakery']);
    expect(wrapText('The Very Long Name Of A Bakery', 12, 3)).toEqual(['The Very', 'Long Name Of', 'A Bakery']);
    expect(wrapText('Supercalifragilistic', 8, 2)).toEqual(['Supercal']);
    expect(wrapText('one two three four five six', 7, 2)).toEqual(['one two', 'three…']);
  });
});

describe('A5 poster', () => {
  it('is an A5 SVG in millimetres with the name, the call to action and the printable link', () => {
    const svg = posterSvg(input());
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = doc.documentElement;
    expect([root.getAttribute('width'), root.getAttribute('height')]).toEqual(['148mm', '210mm']);
    expect(root.getAttribute('viewBox')).toBe('0 0 148 210');
    const texts = [...root.querySelectorAll('text')].map((node) => node.textContent).join(' ');
    expect(texts).toContain('Bakkerij De Vries');
    expect(texts).toContain('Hoe hebben we het gedaan?');
    expect(texts).toContain('app.example/nl/surveys/abcdefgh/bakkerij-de-vries');
    expect(root.querySelector('image')).toBeNull();
  });

  it("is painted in the survey's brand colour, with text that reads on it", () => {
    const svg = posterSvg(input({ brandColor: '#7C3AED' }));
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    // The top band, the code's frame and the closing band.
    expect(doc.querySelectorAll('rect[fill="#7c3aed"]')).toHaveLength(3);
    expect(doc.querySelector('text')!.getAttribute('fill')).toBe('#ffffff');
    // A pale brand colour: dark text on its bands, and a headline that still reads on white paper.
    expect(posterColors('#fde047')).toEqual({
      brand: '#fde047',
      onBrand: '#000000',
      headline: '#111111',
      text: '#333333',
    });
    // A missing colour is the product's own.
    expect(posterColors('').brand).toBe('#0f766e');
  });

  it("carries a QR code that decodes to the survey's URL, inside the page, at least 60 mm wide", () => {
    const doc = new DOMParser().parseFromString(posterSvg(input()), 'image/svg+xml');
    const qr = doc.querySelector('[data-testid="poster-qr"]')!;
    const side = Number(qr.getAttribute('width'));
    expect(side).toBeGreaterThanOrEqual(60);
    expect(Number(qr.getAttribute('x')) + side).toBeLessThanOrEqual(148);
    expect(Number(qr.getAttribute('y')) + side).toBeLessThanOrEqual(210);
    const [, , units] = qr.getAttribute('viewBox')!.split(' ').map(Number);
    expect(decodePath(qr.querySelector('path')!.getAttribute('d')!, units! - 4)).toBe(url);
  });

  it('escapes what the owner typed and embeds the logo', () => {
    const svg = posterSvg(input({ businessName: 'Tom & "Jerry" <Café>', logoHref: 'data:image/png;base64,AAAA' }));
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.querySelector('text')!.textContent).toBe('Tom & "Jerry" <Café>');
    expect(doc.querySelector('image')!.getAttribute('href')).toBe('data:image/png;base64,AAAA');
  });

  it('keeps a very long business name on two lines', () => {
    const name = 'Bakkerij en Banketbakkerij Van Der Heijden-Vermeulen aan de Oude Gracht te Utrecht';
    const doc = new DOMParser().parseFromString(posterSvg(input({ businessName: name })), 'image/svg+xml');
    const nameLines = [...doc.querySelectorAll('text[font-weight="700"]')].slice(0, 2);
    expect(nameLines).toHaveLength(2);
    expect(nameLines.map((node) => node.textContent).join(' ')).toMatch(/^Bakkerij en .*…$/);
    expect(doc.querySelectorAll('text')[2]!.textContent).toBe('Hoe hebben we het gedaan?');
  });
});

describe('embeddableImage', () => {
  const logo = 'https://assets.example/logo.png';
  /** The image host answers `response` for the logo. */
  const logoAnswers = (response: () => Response) => serveApi(http.get(logo, response));

  it('turns a fetched image into a data URL', async () => {
    logoAnswers(() => new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }));
    expect(await embeddableImage(logo)).toBe('data:image/png;base64,AQID');
  });

  it('falls back to the URL when the image cannot be read', async () => {
    logoAnswers(() => HttpResponse.error());
    expect(await embeddableImage(logo)).toBe(logo);
    logoAnswers(() => new HttpResponse('no', { status: 404 }));
    expect(await embeddableImage(logo)).toBe(logo);
  });
});

describe('savePosterSvg', () => {
  it("saves the SVG named after the survey's slug and removes the temporary link", () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    // jsdom has no object URLs; the real ones are restored afterwards.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:poster');
    URL.revokeObjectURL = vi.fn();
    try {
      savePosterSvg('<svg/>', url);
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('bakkerij-de-vries-poster-a5.svg');
    expect(clicked[0]!.href).toBe('blob:poster');
    expect(document.body.contains(clicked[0]!)).toBe(false);
  });
});
