import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Survey } from '@reviewroute/shared';
import { surveyDraftStore } from '@/lib/survey-draft';
import { deferred, renderWithApp } from '@testing/render';
import { sampleSurvey } from '@testing/fixtures';
import type { UploadOptions } from '@/features/surveys/api/upload-survey-image';
import { ImageUploadField } from './image-upload-field';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);
const api = vi.hoisted(() => ({ uploadSurveyImage: vi.fn() }));
vi.mock('@/features/surveys/api/upload-survey-image', async (original) => ({
  ...(await original<object>()),
  ...api,
}));

const logoUrl = 'https://assets.example/u/s1/logo/1.png';
const { createObjectURL, revokeObjectURL } = URL;
const png = (size = 100) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  api.uploadSurveyImage.mockReset();
  surveyDraftStore.update({ surveyId: 's1', businessName: 'Bakery' });
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:chosen');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  surveyDraftStore.clear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

function renderField() {
  return renderWithApp(
    <ImageUploadField
      kind="logo"
      label="Business logo"
      help="JPG, PNG or WebP, up to 2 MB."
      previewAlt="Your logo"
      emptyText="No logo uploaded yet."
    />,
    { path: '/landing-page-preview', session: { userId: 'u', email: 'a@b.co' } },
  );
}

/** A drop of `file` on the zone, as the browser sends it. */
function drop(zone: HTMLElement, file: File) {
  const dataTransfer = { files: [file], types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(zone, { dataTransfer });
  fireEvent.dragOver(zone, { dataTransfer });
  fireEvent.drop(zone, { dataTransfer });
}

describe('image upload drop zone', () => {
  it('takes a dropped file: preview and progress at once, then the confirmed image with replace and remove', async () => {
    const upload = deferred<Survey>();
    let report: UploadOptions['onProgress'];
    api.uploadSurveyImage.mockImplementation((_id: string, _kind: string, _file: File, options: UploadOptions) => {
      report = options.onProgress;
      return upload.promise;
    });
    renderField();
    expect(screen.getByText('Drag an image here, paste it or click to choose one')).toBeTruthy();
    const zone = screen.getByTestId('dropzone-logo');
    const file = png();
    drop(zone, file);

    await waitFor(() => expect(api.uploadSurveyImage).toHaveBeenCalledWith('s1', 'logo', file, expect.anything()));
    // The chosen file shows before it is confirmed (decorative: the progress says what happens).
    expect(zone.querySelector('img')!.getAttribute('src')).toBe('blob:chosen');
    expect(zone.querySelector('img')!.getAttribute('alt')).toBe('');
    act(() => report!({ stage: 'sending', fraction: 0.4 }));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Uploading… 40%')).toBeTruthy();
    act(() => report!({ stage: 'checking' }));
    expect(screen.getByText('Checking the image…')).toBeTruthy();

    await act(async () => upload.resolve({ ...sampleSurvey(), id: 's1', businessLogoUrl: logoUrl }));
    expect((await screen.findByRole('img', { name: 'Your logo' })).getAttribute('src')).toBe(logoUrl);
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(screen.getByText('Image uploaded.')).toBeTruthy();
    expect(screen.getByText('Drag a new image here, paste it or click to replace it')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove image' })).toBeTruthy();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:chosen');
  });

  it('takes a pasted image, and the file input under the label stays the keyboard control', async () => {
    api.uploadSurveyImage.mockResolvedValue({ ...sampleSurvey(), id: 's1', businessLogoUrl: logoUrl });
    renderField();
    const input = screen.getByLabelText('Business logo');
    expect(input.getAttribute('type')).toBe('file');
    input.focus();
    const file = png();
    // Ctrl/Cmd+V while the field has focus: the paste event reaches the zone from the input.
    fireEvent.paste(input, { clipboardData: { files: [file] } });
    await waitFor(() => expect(api.uploadSurveyImage).toHaveBeenCalledWith('s1', 'logo', file, expect.anything()));
    await screen.findByRole('img', { name: 'Your logo' });
  });

  it('opens the picker on a click anywhere in the zone, once', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    renderField();
    await userEvent.setup().click(screen.getByText('No logo uploaded yet.'));
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it("refuses a file the spec does not allow in the browser, with the spec's message", async () => {
    renderField();
    drop(screen.getByTestId('dropzone-logo'), new File([new Uint8Array(10)], 'notes.gif', { type: 'image/gif' }));
    expect((await screen.findByTestId('upload-logo-error')).textContent).toBe(
      'Only JPG, PNG, and WebP files are allowed',
    );
    expect(api.uploadSurveyImage).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Business logo').getAttribute('aria-invalid')).toBe('true');
  });
});
