import { imageContentTypes, isImageContentType, maxImageBytes } from '@reviewroute/shared';

/** The longest side a survey image needs: sharp on a phone at 3× and on a wide screen, far under 2 MB. */
export const maxImageSide = 1600;

/** Encodings tried in turn until the image fits in the upload limit. */
const qualities = [0.85, 0.7, 0.5];

/**
 * A photo straight from a phone camera (4000 px, 5 MB) scaled down in the browser before the upload checks
 * its size: the longest side at most `maxImageSide`, JPEG for JPEG sources, WebP for PNG and WebP (which keeps a
 * logo's transparency). A file that is small enough in both ways, not an allowed image type, or that the
 * browser cannot decode is returned as it is, so the usual checks refuse it with their own message.
 */
export async function scaledImage(file: File): Promise<File> {
  if (!isImageContentType(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    if (longest <= maxImageSide && file.size <= maxImageBytes) return file;
    const scale = Math.min(1, maxImageSide / longest);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
    let blob: Blob | null = null;
    for (const quality of qualities) {
      blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
      if (!blob || blob.size <= maxImageBytes) break;
    }
    // A browser that cannot encode WebP hands back PNG: keep whatever it made if it is an allowed type.
    if (!blob || !isImageContentType(blob.type)) return file;
    const name = file.name.replace(/\.[^.]*$/, '') + imageContentTypes[blob.type];
    return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
