import { beforeEach, describe, expect, it, vi } from 'vitest';
import { surveyMessages } from '@reviewroute/shared';
import { sampleSurvey } from '@/testing/fixtures';

const fetchAuthSession = vi.hoisted(() => vi.fn());
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession }));

const { presignedPostBody, storageErrorOf, uploadErrorOf, uploadSurveyImage, UploadError } =
  await import('./upload-survey-image');
const { ApiError } = await import('@/lib/api-client');

const ticket = {
  url: 'http://s3.local/survey-assets',
  fields: { key: 'u/s/logo/1.png', 'Content-Type': 'image/png', Policy: 'p', 'X-Amz-Signature': 'sig' },
  key: 'u/s/logo/1.png',
  expiresAt: '2030-01-01T00:00:00.000Z',
  maxBytes: 2 * 1024 * 1024,
};

const survey = sampleSurvey({
  id: 's',
  businessName: 'Shop',
  businessOwnerName: 'Ann',
  businessLogoUrl: 'http://s3.local/survey-assets/u/s/logo/1.png',
});

const png = (size = 100) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });

beforeEach(() => {
  fetchAuthSession.mockReset();
  fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
});

describe('presignedPostBody', () => {
  it('puts the policy fields first, in order, and the file last', () => {
    const file = png();
    const form = presignedPostBody(ticket.fields, file);
    const entries = [...form.entries()];
    expect(entries.map(([name]) => name)).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect(entries.at(-1)![1]).toBeInstanceOf(File);
    expect(entries[0]![1]).toBe('u/s/logo/1.png');
  });
});

describe('uploadSurveyImage', () => {
  it('asks for a ticket, posts the file to S3, then confirms it', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url === '/api/surveys/s/uploads') return Response.json(ticket, { status: 201 });
      if (url === ticket.url) return new Response(null, { status: 204 });
      if (url === '/api/surveys/s/uploads/confirm') return Response.json(survey);
      return new Response('no', { status: 500 });
    });
    const result = await uploadSurveyImage('s', 'logo', png(1234), { fetchImpl });
    expect(result.businessLogoUrl).toBe(survey.businessLogoUrl);
    const [presign, upload, confirm] = fetchImpl.mock.calls;
    expect(JSON.parse(String(presign![1]!.body))).toEqual({ kind: 'logo', contentType: 'image/png', size: 1234 });
    expect((presign![1]!.headers as Record<string, string>).authorization).toBe('Bearer id-token');
    expect(upload![0]).toBe(ticket.url);
    expect(upload![1]!.method).toBe('POST');
    // Straight to S3: no bearer token leaves for the storage host.
    expect(upload![1]!.headers).toBeUndefined();
    expect([...(upload![1]!.body as FormData).keys()].at(-1)).toBe('file');
    expect(JSON.parse(String(confirm![1]!.body))).toEqual({ kind: 'logo', key: ticket.key });
  });

  it.each([
    ['too large', new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }), 'fileTooLarge'],
    ['not an image type', new File(['hello'], 'notes.txt', { type: 'text/plain' }), 'fileTypeNotAllowed'],
    ['a GIF', new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), 'fileTypeNotAllowed'],
  ] as const)('refuses a file that is %s before any request', async (_, file, key) => {
    const fetchImpl = vi.fn<typeof fetch>();
    const error = await uploadSurveyImage('s', 'logo', file, { fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ messageKey: key, message: surveyMessages[key] });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("maps the API's refusal at confirm time to the spec message", async () => {
    const refusal = {
      error: {
        code: 'VALIDATION_FAILED',
        message: surveyMessages.fileTypeNotAllowed,
        fields: { file: surveyMessages.fileTypeNotAllowed },
      },
    };
    const fetchImpl = vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.endsWith('/uploads')) return Response.json(ticket, { status: 201 });
      if (url === ticket.url) return new Response(null, { status: 204 });
      return Response.json(refusal, { status: 400 });
    });
    const error = await uploadSurveyImage('s', 'logo', png(), { fetchImpl }).catch((e: unknown) => e);
    expect(error).toMatchObject({ messageKey: 'fileTypeNotAllowed' });
  });

  it("maps S3's EntityTooLarge to the size message", async () => {
    const xml = '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>too big</Message></Error>';
    const fetchImpl = vi.fn<typeof fetch>(async (input) =>
      String(input).endsWith('/uploads') ? Response.json(ticket, { status: 201 }) : new Response(xml, { status: 400 }),
    );
    const error = await uploadSurveyImage('s', 'logo', png(), { fetchImpl }).catch((e: unknown) => e);
    expect(error).toMatchObject({ messageKey: 'fileTooLarge' });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('reports a missing survey and network failures without a spec key', async () => {
    const notFound = { error: { code: 'NOT_FOUND', message: surveyMessages.surveyNotFound } };
    const missing = await uploadSurveyImage('s', 'logo', png(), {
      fetchImpl: vi.fn<typeof fetch>(async () => Response.json(notFound, { status: 404 })),
    }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ messageKey: 'surveyNotFound' });

    const offline = await uploadSurveyImage('s', 'logo', png(), {
      fetchImpl: vi.fn<typeof fetch>(async (input) => {
        if (String(input).endsWith('/uploads')) return Response.json(ticket, { status: 201 });
        throw new TypeError('Failed to fetch');
      }),
    }).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(UploadError);
    expect(offline).toMatchObject({ messageKey: undefined });
  });
});

describe('error mapping', () => {
  it('prefers the field message of an API error', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid.', {
      size: surveyMessages.fileTooLarge,
    });
    expect(uploadErrorOf(error)).toMatchObject({ messageKey: 'fileTooLarge' });
    expect(uploadErrorOf(new ApiError(500, 'INTERNAL', 'boom'))).toMatchObject({ messageKey: undefined });
  });

  it('reads the S3 error code', () => {
    expect(storageErrorOf(413, '')).toMatchObject({ messageKey: 'fileTooLarge' });
    expect(
      storageErrorOf(403, '<Error><Code>AccessDenied</Code><Message>Invalid according to Policy</Message></Error>'),
    ).toMatchObject({ messageKey: 'fileTypeNotAllowed' });
    expect(storageErrorOf(503, '<Error><Code>SlowDown</Code></Error>')).toMatchObject({ messageKey: undefined });
  });
});

describe('upload progress', () => {
  /** An XMLHttpRequest stand-in that reports two progress events, then S3's 204. */
  class FakeUpload {
    static sent: FormData[] = [];
    upload: { onprogress?: (event: Partial<ProgressEvent>) => void } = {};
    status = 0;
    responseText = '';
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    open(method: string, url: string) {
      expect([method, url]).toEqual(['POST', ticket.url]);
    }
    send(body: FormData) {
      FakeUpload.sent.push(body);
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
        this.status = 204;
        this.onload?.();
      });
    }
    abort() {
      this.onabort?.();
    }
  }

  it('reports the share sent, then the check, and still confirms the upload', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    try {
      const fetchImpl = vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        if (url === '/api/surveys/s/uploads') return Response.json(ticket, { status: 201 });
        if (url === '/api/surveys/s/uploads/confirm') return Response.json(survey);
        return new Response('no', { status: 500 });
      });
      const progress: unknown[] = [];
      const result = await uploadSurveyImage('s', 'logo', png(200), { fetchImpl, onProgress: (p) => progress.push(p) });
      expect(result.businessLogoUrl).toBe(survey.businessLogoUrl);
      expect(progress).toEqual([
        { stage: 'sending', fraction: 0 },
        { stage: 'sending', fraction: 0.25 },
        { stage: 'sending', fraction: 1 },
        { stage: 'sending', fraction: 1 },
        { stage: 'checking' },
      ]);
      // The file went to storage by XMLHttpRequest (fetch cannot report progress), not by fetch.
      expect(FakeUpload.sent).toHaveLength(1);
      expect(fetchImpl.mock.calls.map(([input]) => String(input))).toEqual([
        '/api/surveys/s/uploads',
        '/api/surveys/s/uploads/confirm',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
