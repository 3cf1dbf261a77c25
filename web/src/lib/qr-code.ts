import QRCode from 'qrcode';
import { saveFile } from './save-file';
import { surveyFileName } from './survey-file-name';

/** The survey QR code (spec 9): a PNG 512 px wide, margin 2, black on white, saved as `{slug}-qr.png`. */
export const qrCodeOptions = {
  type: 'image/png',
  width: 512,
  margin: 2,
  color: { dark: '#000000', light: '#ffffff' },
} as const;

/** The QR code of `url` as a PNG data URL. */
export function qrCodeDataUrl(url: string): Promise<string> {
  if (!url) return Promise.reject(new Error('No URL to encode'));
  return QRCode.toDataURL(url, qrCodeOptions);
}

/** Generates the QR code of `url` and lets the browser save it; rejects when it cannot be generated. */
export async function downloadQrCode(url: string, doc: Document = document): Promise<void> {
  saveFile(await qrCodeDataUrl(url), surveyFileName(url, 'qr.png'), doc);
}
