import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectImageType,
  imageFileProblem,
  incomingUploadKey,
  isIncomingUploadKeyOf,
  isPublicAssetKey,
  publicAssetKey,
  maxImageBytes,
  uploadConfirmSchema,
  uploadRequestSchema,
} from './survey-upload';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const webp = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
/** ASCII only, so char codes are the bytes (shared has no DOM or Node types, hence no TextEncoder). */
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const text = ascii('hello, I am a text file renamed to .png');

describe('image magic bytes', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', () => {
    expect(detectImageType(jpeg)).toBe('image/jpeg');
    expect(detectImageType(png)).toBe('image/png');
    expect(detectImageType(webp)).toBe('image/webp');
  });

  it('refuses text, other formats, RIFF that is not WebP and truncated signatures', () => {
    expect(detectImageType(text)).toBeUndefined();
    expect(detectImageType(ascii('GIF89a......'))).toBeUndefined();
    expect(
      detectImageType(Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45])),
    ).toBeUndefined();
    expect(detectImageType(png.slice(0, 7))).toBeUndefined();
    expect(detectImageType(webp.slice(0, 11))).toBeUndefined();
    expect(detectImageType(new Uint8Array())).toBeUndefined();
  });

  it('only ever answers one of the three allowed types', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), (bytes) => {
        expect([undefined, 'image/jpeg', 'image/png', 'image/webp']).toContain(detectImageType(bytes));
      }),
    );
  });
});

describe('upload request', () => {
  it('accepts the three types up to exactly 2 MB', () => {
    for (const contentType of ['image/jpeg', 'image/png', 'image/webp'])
      expect(uploadRequestSchema.parse({ kind: 'logo', contentType, size: maxImageBytes })).toEqual({
        kind: 'logo',
        contentType,
        size: maxImageBytes,
      });
  });

  it('refuses more than 2 MB with the spec message', () => {
    const result = uploadRequestSchema.safeParse({
      kind: 'team-photo',
      contentType: 'image/png',
      size: maxImageBytes + 1,
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['File size must be less than 2MB']);
  });

  it.each(['image/gif', 'text/plain', 'image/svg+xml', 'application/octet-stream', '', 42])(
    'refuses the type %j with the spec message',
    (contentType) => {
      const result = uploadRequestSchema.safeParse({ kind: 'logo', contentType, size: 10 });
      expect(result.error?.issues.map((i) => i.message)).toEqual(['Only JPG, PNG, and WebP files are allowed']);
    },
  );

  it('refuses an unknown kind and an empty file', () => {
    expect(uploadRequestSchema.safeParse({ kind: 'avatar', contentType: 'image/png', size: 10 }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ kind: 'logo', contentType: 'image/png', size: 0 }).success).toBe(false);
    expect(uploadConfirmSchema.safeParse({ kind: 'logo', key: '' }).success).toBe(false);
  });

  it('gives the wizard the same verdict on a chosen file', () => {
    expect(imageFileProblem({ type: 'image/png', size: 3 * 1024 * 1024 })).toBe('File size must be less than 2MB');
    expect(imageFileProblem({ type: 'text/plain', size: 10 })).toBe('Only JPG, PNG, and WebP files are allowed');
    expect(imageFileProblem({ type: 'image/webp', size: 10 })).toBeUndefined();
  });
});

describe('upload keys', () => {
  it('write into the private incoming prefix, bound to one survey and kind', () => {
    const key = incomingUploadKey('s1', 'logo', 'r'.repeat(22));
    expect(key).toBe(`incoming/s1/logo/${'r'.repeat(22)}`);
    expect(isIncomingUploadKeyOf(key, 's1', 'logo')).toBe(true);
    expect(isIncomingUploadKeyOf(key, 's2', 'logo')).toBe(false);
    expect(isIncomingUploadKeyOf(key, 's1', 'team-photo')).toBe(false);
    expect(isIncomingUploadKeyOf('incoming/s1/logo/short', 's1', 'logo')).toBe(false);
    expect(isIncomingUploadKeyOf(`incoming/s1/logo/../../files/${'r'.repeat(22)}`, 's1', 'logo')).toBe(false);
    expect(isIncomingUploadKeyOf(`files/${'r'.repeat(22)}.png`, 's1', 'logo')).toBe(false);
  });

  it('are public only as files/{random}{ext}, naming neither owner nor survey', () => {
    const key = publicAssetKey('A'.repeat(43), 'image/webp');
    expect(key).toBe(`files/${'A'.repeat(43)}.webp`);
    expect(isPublicAssetKey(key)).toBe(true);
    expect(isPublicAssetKey(`incoming/s1/logo/${'A'.repeat(43)}`)).toBe(false);
    expect(isPublicAssetKey('files/../incoming/x.png')).toBe(false);
  });
});
