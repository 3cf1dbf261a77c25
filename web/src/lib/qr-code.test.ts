import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadQrCode, qrCodeDataUrl, qrCodeOptions } from './qr-code';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Width and height from a PNG's IHDR chunk (bytes 16-23). */
function pngSize(dataUrl: string) {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1]!), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return { signature: [...bytes.slice(1, 4)], width: view.getUint32(16), height: view.getUint32(20) };
}

describe('QR code', () => {
  it('uses the spec options: PNG, 512 px, margin 2, black on white', () => {
    expect(qrCodeOptions).toEqual({
      type: 'image/png',
      width: 512,
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    });
  });

  it('renders a 512 × 512 PNG', async () => {
    const dataUrl = await qrCodeDataUrl('https://app.example/surveys/abcdefgh/bakery');
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(pngSize(dataUrl)).toEqual({ signature: [0x50, 0x4e, 0x47], width: 512, height: 512 });
  });

  it("downloads it named after the survey's slug and removes the temporary link", async () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await downloadQrCode('https://app.example/surveys/abcdefgh/bakery');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('bakery-qr.png');
    expect(clicked[0]!.href.startsWith('data:image/png;base64,')).toBe(true);
    expect(document.body.contains(clicked[0]!)).toBe(false);
  });

  it('rejects when there is nothing to encode', async () => {
    await expect(downloadQrCode('')).rejects.toThrow();
  });
});
