import * as z from 'zod';
import { surveyMessages } from './survey';
import { assetsBucketDefinition } from './table';

/**
 * Survey images (spec 3 "Files", 5 "Images"; decisions 13): the browser posts the file straight to S3
 * with a presigned POST, then asks the API to confirm it; the API checks the stored bytes.
 */

export const uploadKinds = ['logo', 'team-photo'] as const;
export type UploadKind = (typeof uploadKinds)[number];

/** The survey field a confirmed upload of each kind fills. */
export const uploadKindField = {
  logo: 'businessLogoUrl',
  'team-photo': 'highRatingPhotoUrl',
} as const satisfies Record<UploadKind, string>;

/** 2 MB (spec 9), in bytes; "less than 2MB" in the message, at most this many bytes in the rule. */
export const maxImageBytes = 2 * 1024 * 1024;

/** The allowlist (JPEG/JPG, PNG, WebP) and the extension each type's object key gets. */
export const imageContentTypes = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
} as const;
export type ImageContentType = keyof typeof imageContentTypes;
export const isImageContentType = (value: string): value is ImageContentType =>
  Object.prototype.hasOwnProperty.call(imageContentTypes, value);

/** What the browser knows of a chosen file; the wizard checks it before uploading, the API again before signing. */
export function imageFileProblem(file: { size: number; type: string }): string | undefined {
  if (!isImageContentType(file.type)) return surveyMessages.fileTypeNotAllowed;
  if (file.size <= 0) return surveyMessages.fileEmpty;
  if (file.size > maxImageBytes) return surveyMessages.fileTooLarge;
  return undefined;
}

/** POST /api/surveys/{surveyId}/uploads */
export const uploadRequestSchema = z.object({
  kind: z.enum(uploadKinds),
  contentType: z
    .string({ error: surveyMessages.fileTypeNotAllowed })
    .max(100, { error: surveyMessages.fileTypeNotAllowed, abort: true })
    .refine(isImageContentType, surveyMessages.fileTypeNotAllowed)
    .transform((t) => t as ImageContentType),
  size: z
    .number({ error: surveyMessages.fileEmpty })
    .int(surveyMessages.fileEmpty)
    .min(1, surveyMessages.fileEmpty)
    .max(maxImageBytes, surveyMessages.fileTooLarge),
});
export type UploadRequestInput = z.input<typeof uploadRequestSchema>;
export type UploadRequest = z.output<typeof uploadRequestSchema>;

/** The presigned POST: send `fields` (in order) and then the file as `file` in a multipart form to `url`. */
export const uploadTicketSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  /** ISO time after which S3 refuses the POST. */
  expiresAt: z.string(),
  maxBytes: z.number(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** POST /api/surveys/{surveyId}/uploads/confirm */
export const uploadConfirmSchema = z.object({
  kind: z.enum(uploadKinds),
  key: z.string().min(1).max(1024),
});
export type UploadConfirm = z.infer<typeof uploadConfirmSchema>;

const { incomingPrefix, publicPrefix } = assetsBucketDefinition;

/**
 * Where a presigned POST writes: `incoming/{surveyId}/{kind}/{random}`, private (CloudFront never serves
 * the prefix) and expired after a day; the confirm step copies a checked file out of it. `random` is
 * base64url, at least 128 bits.
 */
export const incomingUploadKey = (surveyId: string, kind: UploadKind, random: string): string =>
  `${incomingPrefix}${surveyId}/${kind}/${random}`;

/** True when `key` is an incoming upload key of this survey and kind (nothing else can be confirmed). */
export function isIncomingUploadKeyOf(key: string, surveyId: string, kind: UploadKind): boolean {
  const prefix = `${incomingPrefix}${surveyId}/${kind}/`;
  return key.startsWith(prefix) && /^[A-Za-z0-9_-]{22,86}$/.test(key.slice(prefix.length));
}

/**
 * A confirmed file's public key: `files/{name}{ext}`, served as `/files/…`. `name` is random and says
 * nothing of the owner or the survey, so a public page's image URL gives neither away. Public objects are
 * written once and never changed.
 */
export const publicAssetKey = (name: string, contentType: ImageContentType): string =>
  `${publicPrefix}${name}${imageContentTypes[contentType]}`;

/** True for keys `publicAssetKey` makes (the only objects an image field may point at). */
export const isPublicAssetKey = (key: string): boolean =>
  key.startsWith(publicPrefix) && /^[A-Za-z0-9_-]{22,86}\.(jpg|png|webp)$/.test(key.slice(publicPrefix.length));

/** The real type of an image from its first bytes (12 are enough), whatever its name or declared type says. */
export function detectImageType(bytes: Uint8Array): ImageContentType | undefined {
  const starts = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/** How many leading bytes `detectImageType` needs. */
export const imageSignatureBytes = 12;
