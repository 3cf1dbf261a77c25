import { ImageUp, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { imageFileProblem, type Survey, type UploadKind, uploadKindField } from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { surveyDraftStore, useSurveyDraft } from '@/lib/survey-draft';
import { invalidateSurveys } from '@/features/surveys/api/invalidate-surveys';
import { uploadErrorOf, uploadSurveyImage } from '@/features/surveys/api/upload-survey-image';
import { useSurveyMessage } from '../hooks/use-survey-message';
import { useWizardSave } from '../hooks/use-wizard-save';

interface ImageUploadFieldProps {
  kind: UploadKind;
  label: string;
  help: string;
  previewAlt: string;
  emptyText: string;
}

/**
 * One survey image: preview, a file picker, the upload and the spec's messages when it is refused. The image's
 * URL is the draft's field of its kind, set only by a confirmed upload (kept when one fails, spec 4) or
 * cleared by removing it; the upload goes to the saved survey or a new one from step 1 (uploads need one).
 */
export function ImageUploadField({ kind, label, help, previewAlt, emptyText }: ImageUploadFieldProps) {
  const { t } = useTranslation('wizard');
  const field = uploadKindField[kind];
  const url = useSurveyDraft().draft[field];
  const { save, ensureSurveyId } = useWizardSave();
  const message = useSurveyMessage();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();

  const upload = async (file: File) => {
    setError(undefined);
    setStatus(undefined);
    // Refused in the browser first (spec 5), before a survey is made for it.
    const problem = imageFileProblem(file);
    if (problem) {
      setError(message(problem));
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setBusy(true);
    try {
      let surveyId: string;
      try {
        surveyId = await ensureSurveyId();
      } catch {
        setError(t('toasts.noSurveyForUpload'));
        return;
      }
      let survey: Survey;
      try {
        survey = await uploadSurveyImage(surveyId, kind, file);
      } catch (caught) {
        // The saved survey is gone (deleted elsewhere): spec 4 makes a new one, then the upload goes there.
        if (uploadErrorOf(caught).messageKey !== 'surveyNotFound') throw caught;
        survey = await uploadSurveyImage(await ensureSurveyId({ recheck: true }), kind, file);
      }
      surveyDraftStore.update({ [field]: survey[field] });
      await invalidateSurveys(queryClient, survey);
      setStatus(t('landing.uploaded'));
    } catch (caught) {
      const failure = uploadErrorOf(caught);
      setError(failure.messageKey ? message(failure.message) : t('toasts.uploadFailed'));
    } finally {
      setBusy(false);
      // The same file can be chosen again after a failure.
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(undefined);
    setStatus(undefined);
    try {
      await save({ [field]: null });
    } catch {
      setError(t('landing.removeFailed'));
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  return (
    <div className="grid gap-2" data-testid={`upload-${kind}`}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-4">
        <div className="bg-muted flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border">
          {url ? (
            <img src={url} alt={previewAlt} className="size-full object-contain" />
          ) : (
            <ImageUp aria-hidden="true" className="text-muted-foreground size-6" />
          )}
        </div>
        <div className="grid gap-2">
          <Input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="max-w-xs cursor-pointer"
            disabled={busy}
            aria-describedby={[helpId, error ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          {busy && (
            <p className="text-muted-foreground flex items-center gap-2 text-sm">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              {t('landing.uploading')}
            </p>
          )}
          {url ? (
            <Button type="button" variant="ghost" size="sm" className="w-fit" disabled={busy} onClick={remove}>
              <Trash2 aria-hidden="true" />
              {t('landing.removeFile')}
            </Button>
          ) : (
            <p className="text-muted-foreground text-xs">{emptyText}</p>
          )}
        </div>
      </div>
      <p id={helpId} className="text-muted-foreground text-xs">
        {help}
      </p>
      <p aria-live="polite" className="text-sm">
        {error ? (
          <span id={errorId} className="text-destructive" data-testid={`upload-${kind}-error`}>
            {error}
          </span>
        ) : status ? (
          <span className="text-muted-foreground">{status}</span>
        ) : null}
      </p>
    </div>
  );
}
