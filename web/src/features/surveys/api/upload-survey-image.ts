import {
  imageFileProblem,
  surveyMessageKeyOf,
  surveyMessages,
  type Survey,
  type SurveyMessageKey,
  type UploadKind,
} from '@reviewroute/shared';
import { ApiError, call } from '@/lib/api-client';

/**
 * Survey images (decisions 13): check the file here, ask the API for a presigned POST, send the file
 * straight to S3, then let the API confirm the stored object (size, magic bytes) and save its URL.
 */

/** Why an upload failed: a survey message (translated via `validation.<key>`) or a generic failure. */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    /** The survey message key when the cause is one of the spec's (or the API's) survey messages. */
    readonly messageKey: SurveyMessageKey | undefined,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

const fromMessage = (message: string, cause?: unknown) => new UploadError(surveyMessageKeyOf(message), message, cause);

/** The message of a failed API call of the upload flow: the field message first, then the main one. */
export function uploadErrorOf(error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  if (error instanceof ApiError) {
    const message = error.fields?.file ?? error.fields?.size ?? error.fields?.contentType ?? error.message;
    if (surveyMessageKeyOf(message)) return fromMessage(message, error);
    if (surveyMessageKeyOf(error.message)) return fromMessage(error.message, error);
    return new UploadError(undefined, error.message, error);
  }
  return new UploadError(undefined, error instanceof Error ? error.message : String(error), error);
}

/**
 * S3 answers a refused POST with XML: `EntityTooLarge` when the policy's size range is exceeded,
 * `AccessDenied` (policy condition failed) for a type the policy does not allow.
 */
export function storageErrorOf(status: number, body: string): UploadError {
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  if (code === 'EntityTooLarge' || status === 413) return fromMessage(surveyMessages.fileTooLarge);
  if (code === 'AccessDenied' && /policy/i.test(body)) return fromMessage(surveyMessages.fileTypeNotAllowed);
  return new UploadError(undefined, code ? `Storage refused the upload (${code})` : `Storage answered ${status}`);
}

/** The multipart body of a presigned POST: the policy fields in their order, the file last (S3 requires it). */
export function presignedPostBody(fields: Record<string, string>, file: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
}

/** Where an upload is: the file travelling to storage (its share sent, 0..1), then the API checking it. */
export type UploadProgress = { stage: 'sending'; fraction: number } | { stage: 'checking' };

export interface UploadOptions {
  signal?: AbortSignal;
  /** Reports progress; the file is then sent with XMLHttpRequest, since fetch cannot report upload progress. */
  onProgress?: (progress: UploadProgress) => void;
}

/** A POST of `body` that reports the share sent; answers like fetch (a Response) so both paths read alike. */
export function postWithProgress(
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      onProgress(1);
      // A 204 cannot carry a body, and S3's refusals are short XML: the text is all callers read.
      resolve(new Response(request.status === 204 ? null : request.responseText, { status: request.status }));
    };
    request.onerror = () => reject(new TypeError('Network error'));
    request.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('The upload was aborted.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

/** Uploads one image of a survey and returns the survey with its new URL; throws UploadError. */
export async function uploadSurveyImage(
  surveyId: string,
  kind: UploadKind,
  file: File,
  { signal, onProgress }: UploadOptions = {},
): Promise<Survey> {
  const problem = imageFileProblem(file);
  if (problem) throw fromMessage(problem);
  try {
    const ticket = await call('create-upload', {
      params: { surveyId },
      body: { kind, contentType: file.type, size: file.size },
      signal,
    });
    let response: Response;
    try {
      const body = presignedPostBody(ticket.fields, file);
      onProgress?.({ stage: 'sending', fraction: 0 });
      response = onProgress
        ? await postWithProgress(ticket.url, body, (fraction) => onProgress({ stage: 'sending', fraction }), signal)
        : await fetch(ticket.url, { method: 'POST', body, signal });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new UploadError(undefined, (error as Error).message || 'Network error', error);
    }
    if (!response.ok) throw storageErrorOf(response.status, await response.text().catch(() => ''));
    onProgress?.({ stage: 'checking' });
    return await call('confirm-upload', { params: { surveyId }, body: { kind, key: ticket.key }, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw uploadErrorOf(error);
  }
}
