import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pathOf, surveyMessages } from '@reviewroute/shared';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { sampleSurvey } from '@testing/fixtures';

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

/** What storage received: the presigned POSTs, in order. */
let stored: Request[] = [];
/** The storage host (the ticket's URL) answers `answer`. */
const storage = (answer: () => Response) =>
  http.post(ticket.url, ({ request }) => {
    stored.push(request.clone());
    return answer();
  });
const ticketIssued = () => apiHandler('create-upload', () => HttpResponse.json(ticket, { status: 201 }));
const s = { surveyId: 's' };

beforeEach(() => {
  stored = [];
});

describe('uploadSurveyImage', () => {
  it('asks for a ticket, posts the file to S3, then confirms it', async () => {
    let authorization: string | null = null;
    serveApi(
      apiHandler('create-upload', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(ticket, { status: 201 });
      }),
      storage(() => new HttpResponse(null, { status: 204 })),
      apiHandler('confirm-upload', () => HttpResponse.json(survey)),
    );
    const result = await uploadSurveyImage('s', 'logo', png(1234));
    expect(result.businessLogoUrl).toBe(survey.businessLogoUrl);
    const [presign, confirm] = apiCalls();
    expect(presign).toMatchObject({ route: 'create-upload', path: pathOf('create-upload', s) });
    expect(presign!.body).toEqual({ kind: 'logo', contentType: 'image/png', size: 1234 });
    expect(authorization).toBe('Bearer id-token');
    expect(stored).toHaveLength(1);
    // Straight to S3: no bearer token leaves for the storage host.
    expect(stored[0]!.headers.get('authorization')).toBeNull();
    expect([...(await stored[0]!.formData()).keys()].at(-1)).toBe('file');
    expect(confirm).toMatchObject({ route: 'confirm-upload', body: { kind: 'logo', key: ticket.key } });
  });

  it.each([
    ['too large', new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }), 'fileTooLarge'],
    ['not an image type', new File(['hello'], 'notes.txt', { type: 'text/plain' }), 'fileTypeNotAllowed'],
    ['a GIF', new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), 'fileTypeNotAllowed'],
  ] as const)('refuses a file that is %s before any request', async (_, file, key) => {
    // No handlers here: msw refuses any request, which would change the error.
    const error = await uploadSurveyImage('s', 'logo', file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ messageKey: key, message: surveyMessages[key] });
    expect(apiCalls()).toEqual([]);
  });

  it("maps the API's refusal at confirm time to the spec message", async () => {
    const refusal = {
      error: {
        code: 'VALIDATION_FAILED',
        message: surveyMessages.fileTypeNotAllowed,
        fields: { file: surveyMessages.fileTypeNotAllowed },
      },
    };
    serveApi(
      ticketIssued(),
      storage(() => new HttpResponse(null, { status: 204 })),
      apiHandler('confirm-upload', () => HttpResponse.json(refusal, { status: 400 })),
    );
    const error = await uploadSurveyImage('s', 'logo', png()).catch((e: unknown) => e);
    expect(error).toMatchObject({ messageKey: 'fileTypeNotAllowed' });
  });

  it("maps S3's EntityTooLarge to the size message", async () => {
    const xml = '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>too big</Message></Error>';
    serveApi(
      ticketIssued(),
      storage(() => HttpResponse.xml(xml, { status: 400 })),
    );
    const error = await uploadSurveyImage('s', 'logo', png()).catch((e: unknown) => e);
    expect(error).toMatchObject({ messageKey: 'fileTooLarge' });
    expect([apiCalls().length, stored.length]).toEqual([1, 1]);
  });

  it('reports a missing survey and network failures without a spec key', async () => {
    const notFound = { error: { code: 'NOT_FOUND', message: surveyMessages.surveyNotFound } };
    serveApi(apiHandler('create-upload', () => HttpResponse.json(notFound, { status: 404 })));
    const missing = await uploadSurveyImage('s', 'logo', png()).catch((e: unknown) => e);
    expect(missing).toMatchObject({ messageKey: 'surveyNotFound' });

    serveApi(
      ticketIssued(),
      storage(() => HttpResponse.error()),
    );
    const offline = await uploadSurveyImage('s', 'logo', png()).catch((e: unknown) => e);
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
      serveApi(
        ticketIssued(),
        apiHandler('confirm-upload', () => HttpResponse.json(survey)),
      );
      const progress: unknown[] = [];
      const result = await uploadSurveyImage('s', 'logo', png(200), { onProgress: (p) => progress.push(p) });
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
      expect(stored).toEqual([]);
      expect(apiCalls().map((c) => c.path)).toEqual([pathOf('create-upload', s), pathOf('confirm-upload', s)]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
