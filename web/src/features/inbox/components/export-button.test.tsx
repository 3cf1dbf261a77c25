import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportJob } from '@reviewroute/shared';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { ExportButton } from './export-button';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);
const files = vi.hoisted(() => ({ saveFile: vi.fn() }));
vi.mock('@/lib/save-file', () => files);

const surveyId = 's1';
const link = 'http://localhost:4569/survey-assets/exports/s1/e1.csv?X-Amz-Signature=abc';
const job = (state: ExportJob['state'], rows: number): ExportJob => ({
  id: 'e1',
  state,
  rows,
  downloadUrl: state === 'done' ? link : null,
  downloadExpiresAt: state === 'done' ? '2026-11-26T10:15:00.000Z' : null,
  createdAt: '2026-11-26T10:00:00.000Z',
});

/** The job as the status route reports it, one answer per poll: the last one repeats. */
function serveJob(...answers: ExportJob[]) {
  serveApi(
    apiHandler('start-export', () => HttpResponse.json({ id: 'e1' }, { status: 202 })),
    apiHandler('get-export', () => HttpResponse.json(answers.length > 1 ? answers.shift()! : answers[0]!)),
  );
}

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  files.saveFile.mockReset();
});

describe('Export CSV button', () => {
  it('starts an export with the inbox filter, shows its progress, then downloads the file once', async () => {
    serveJob(job('running', 1200), job('done', 2500));
    renderWithApp(<ExportButton surveyId={surveyId} filter={{ rating: 'low', contact: 'yes' }} />, {
      path: '/dashboard',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Exporting… 1,200 rows so far')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText(/Your CSV with 2,500 rows is ready/)).toBeTruthy();
    await waitFor(() => expect(files.saveFile).toHaveBeenCalledTimes(1));
    expect(files.saveFile.mock.calls[0]![0]).toBe(link);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(link);
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(false);

    const started = apiCalls().find((c) => c.route === 'start-export')!;
    expect(started.path).toBe('/api/surveys/s1/exports');
    expect(started.body).toEqual({ filter: { rating: 'low', contact: 'yes' }, language: 'en' });
  });

  it('speaks Dutch and says when the export failed', async () => {
    serveJob(job('failed', 10));
    renderWithApp(<ExportButton surveyId={surveyId} />, { path: '/nl/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'CSV exporteren' }));
    expect(await screen.findByText('Het exporteren is mislukt. Probeer het opnieuw.')).toBeTruthy();
    // Started from the Dutch page, the file is Dutch.
    expect(apiCalls().find((c) => c.route === 'start-export')!.body).toEqual({ language: 'nl' });
    expect(files.saveFile).not.toHaveBeenCalled();
  });

  it('lets the owner try again when the status cannot be read', async () => {
    serveApi(
      apiHandler('start-export', () => HttpResponse.json({ id: 'e1' }, { status: 202 })),
      apiHandler('get-export', () =>
        HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Export not found' } }, { status: 404 }),
      ),
    );
    renderWithApp(<ExportButton surveyId={surveyId} />, { path: '/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(false);
  });

  it.each([
    [
      'EXPORT_RUNNING',
      409,
      '/dashboard',
      'Another export of this survey is still being written. Wait until it is done, then try again.',
    ],
    [
      'EXPORT_LIMIT_REACHED',
      429,
      '/nl/dashboard',
      'Je hebt dit uur al zoveel exports gestart als is toegestaan. Binnen het uur kun je weer een nieuwe starten.',
    ],
  ] as const)('a start refused with %s (%i) says why', async (code, status, path, message) => {
    serveApi(
      apiHandler('start-export', () =>
        HttpResponse.json({ error: { code, message: 'refused' } }, { status, headers: { 'retry-after': '1200' } }),
      ),
    );
    renderWithApp(<ExportButton surveyId={surveyId} />, { path });
    await userEvent.click(screen.getByRole('button', { name: /csv/i }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(message));
    expect(screen.getByRole('button', { name: /csv/i }).hasAttribute('disabled')).toBe(false);
    // Another export may be done soon; the hour's limit is not over at once.
    expect(screen.queryByRole('button', { name: /try again|opnieuw/i }) !== null).toBe(code === 'EXPORT_RUNNING');
  });

  it('a slow start: says it is starting, keeps the button busy and disabled, then goes on when the API answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    serveApi(
      apiHandler('start-export', async () => {
        await answered;
        return HttpResponse.json({ id: 'e1' }, { status: 202 });
      }),
      apiHandler('get-export', () => HttpResponse.json(job('done', 3))),
    );
    renderWithApp(<ExportButton surveyId={surveyId} />, { path: '/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: /export csv/i }));

    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Starting the export…'));
    const button = screen.getByRole('button', { name: /export csv/i });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();

    answer();
    expect(await screen.findByText(/your csv with 3 rows is ready/i)).toBeTruthy();
    expect(button.getAttribute('aria-busy')).toBe('false');
  });

  it('a failed start: the failure is announced, and "Try again" starts a new export that succeeds', async () => {
    let starts = 0;
    serveApi(
      apiHandler('start-export', () =>
        ++starts === 1
          ? HttpResponse.json({ error: { code: 'INTERNAL', message: 'Boom' } }, { status: 500 })
          : HttpResponse.json({ id: 'e1' }, { status: 202 }),
      ),
      apiHandler('get-export', () => HttpResponse.json(job('done', 7))),
    );
    renderWithApp(<ExportButton surveyId={surveyId} filter={{ rating: 'low' }} />, { path: '/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: /export csv/i }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The export failed. Please try again.'));
    // The retry sits outside the live region, so only the message is announced.
    const retry = screen.getByRole('button', { name: /try again/i });
    expect(screen.getByRole('status').contains(retry)).toBe(false);
    expect(screen.getByRole('button', { name: /export csv/i }).hasAttribute('disabled')).toBe(false);

    await userEvent.click(retry);
    expect(await screen.findByText(/your csv with 7 rows is ready/i)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    const startCalls = apiCalls().filter((c) => c.route === 'start-export');
    expect(startCalls).toHaveLength(2);
    expect(startCalls[1]!.body).toEqual({ filter: { rating: 'low' }, language: 'en' });
    await waitFor(() => expect(files.saveFile).toHaveBeenCalledTimes(1));
  });
});
