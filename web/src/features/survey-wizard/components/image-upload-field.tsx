import { ImageUp, Trash2 } from 'lucide-react';
import { type ClipboardEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { imageFileProblem, type Survey, type UploadKind, uploadKindField } from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { scaledImage } from '@/lib/scale-image';
import { cn } from '@/lib/utils';
import { surveyDraftStore, useSurveyDraft } from '@/lib/survey-draft';
import { invalidateSurveys } from '@/features/surveys/api/invalidate-surveys';
import { uploadErrorOf, uploadSurveyImage, type UploadProgress } from '@/features/surveys/api/upload-survey-image';
import { useSurveyMessage } from '../hooks/use-survey-message';
import { useWizardSave } from '../hooks/use-wizard-save';

interface ImageUploadFieldProps {
  kind: UploadKind;
  label: string;
  help: string;
  previewAlt: string;
  emptyText: string;
}

const acceptedTypes = 'image/jpeg,image/png,image/webp';

/** Where the field is: idle, getting a survey and an upload ticket, sending the file, or the API checking it. */
type Phase = { stage: 'idle' } | { stage: 'preparing' } | UploadProgress;

/**
 * One survey image as a drop zone: drag a file onto it, paste one (Ctrl/Cmd+V while it has focus) or click it
 * to choose one; a preview of the chosen file and the upload's progress show at once, the spec's messages when
 * it is refused. The image's URL is the draft's field of its kind, set only by a confirmed upload (kept when
 * one fails, spec 4) or cleared by removing it; the upload goes to the saved survey or a new one from step 1.
 *
 * The control itself is the visually hidden file input inside the zone, so keyboard and screen-reader users
 * get the browser's own file button (Enter or Space opens the picker) under the field's label.
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
  const [phase, setPhase] = useState<Phase>({ stage: 'idle' });
  const [removing, setRemoving] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [localPreview, setLocalPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const busy = phase.stage !== 'idle' || removing;
  // Set by the upload itself: a second drop or paste can arrive before React re-renders.
  const busyRef = useRef(false);

  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  const upload = async (chosen: File) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setError(undefined);
    setStatus(undefined);
    setPhase({ stage: 'preparing' });
    // A camera photo is scaled down first; then refused in the browser (spec 5), before a survey is made for it.
    const file = await scaledImage(chosen);
    const problem = imageFileProblem(file);
    if (problem) {
      setError(message(problem));
      setPhase({ stage: 'idle' });
      busyRef.current = false;
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    try {
      let surveyId: string;
      try {
        surveyId = await ensureSurveyId();
      } catch {
        setError(t('toasts.noSurveyForUpload'));
        return;
      }
      const options = { onProgress: setPhase };
      let survey: Survey;
      try {
        survey = await uploadSurveyImage(surveyId, kind, file, options);
      } catch (caught) {
        // The saved survey is gone (deleted elsewhere): spec 4 makes a new one, then the upload goes there.
        if (uploadErrorOf(caught).messageKey !== 'surveyNotFound') throw caught;
        setPhase({ stage: 'preparing' });
        survey = await uploadSurveyImage(await ensureSurveyId({ recheck: true }), kind, file, options);
      }
      // The survey's image URL and, when nothing else was saved meanwhile, its new version.
      surveyDraftStore.saved(survey, {});
      await invalidateSurveys(queryClient, survey);
      setStatus(t('landing.uploaded'));
    } catch (caught) {
      const failure = uploadErrorOf(caught);
      setError(failure.messageKey ? message(failure.message) : t('toasts.uploadFailed'));
    } finally {
      setLocalPreview(undefined);
      setPhase({ stage: 'idle' });
      busyRef.current = false;
      // The same file can be chosen again after a failure.
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const remove = async () => {
    setRemoving(true);
    setError(undefined);
    setStatus(undefined);
    try {
      await save({ [field]: null });
    } catch {
      setError(t('landing.removeFailed'));
    } finally {
      setRemoving(false);
    }
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    // Without preventDefault the browser would open the dropped file instead of handing it over.
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    setDragging(!busy);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  };
  const onPaste = (event: ClipboardEvent) => {
    const file = [...event.clipboardData.files][0];
    if (!file) return;
    event.preventDefault();
    void upload(file);
  };

  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const hintId = `${id}-hint`;
  const percent = phase.stage === 'sending' ? Math.round(phase.fraction * 100) : phase.stage === 'checking' ? 100 : 0;
  const phaseText =
    phase.stage === 'sending'
      ? t('landing.dropzone.sending', { percent })
      : phase.stage === 'checking'
        ? t('landing.dropzone.checking')
        : t('landing.uploading');
  return (
    <div className="grid gap-2" data-testid={`upload-${kind}`}>
      <Label htmlFor={id}>{label}</Label>
      {/* The zone only widens the input's target (click, drop, paste); the input is the control. */}
      <div
        className={cn(
          // A phone stacks the preview over the text, which then has the zone's full width instead of a column
          // beside the preview a few words wide.
          'border-input hover:bg-muted/50 relative flex cursor-pointer flex-col items-center gap-3 rounded-lg border-2 border-dashed p-4 text-center transition-colors sm:flex-row sm:gap-4 sm:p-3 sm:text-left',
          'has-[:focus-visible]:border-ring has-[:focus-visible]:ring-ring/50 has-[:focus-visible]:ring-[3px]',
          dragging && 'border-primary bg-accent',
          error && 'border-destructive',
          busy && 'cursor-progress',
        )}
        onClick={() => {
          if (!busy) inputRef.current?.click();
        }}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        onPaste={onPaste}
        aria-busy={busy || undefined}
        data-testid={`dropzone-${kind}`}
        data-dragging={dragging || undefined}
      >
        <div className="bg-muted flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border">
          {localPreview ? (
            // The chosen file before it is confirmed: decorative, the progress below says what happens.
            <img src={localPreview} alt="" className="size-full object-contain opacity-70" />
          ) : url ? (
            <img src={url} alt={previewAlt} className="size-full object-contain" />
          ) : (
            <ImageUp aria-hidden="true" className="text-muted-foreground size-6" />
          )}
        </div>
        <div className="grid w-full min-w-0 gap-1 text-pretty sm:w-auto sm:flex-1">
          <p id={hintId} className="text-sm font-medium">
            {dragging ? t('landing.dropzone.drop') : url ? t('landing.dropzone.replace') : t('landing.dropzone.choose')}
          </p>
          <p id={helpId} className="text-muted-foreground text-xs">
            {help}
          </p>
          {!url && !localPreview && <p className="text-muted-foreground text-xs">{emptyText}</p>}
        </div>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={acceptedTypes}
          className="sr-only"
          aria-describedby={[hintId, helpId, error ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          // The zone's click opens the picker; the input's own click must not reach the zone and open it twice.
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </div>
      {phase.stage !== 'idle' && (
        <div className="grid gap-1" data-testid={`upload-${kind}-progress`}>
          <Progress
            value={phase.stage === 'preparing' ? null : percent}
            aria-label={t('landing.dropzone.progress')}
            getValueLabel={() => phaseText}
          />
          <p className="text-muted-foreground text-xs">{phaseText}</p>
        </div>
      )}
      {url && (
        <Button type="button" variant="ghost" size="sm" className="w-fit" disabled={busy} onClick={remove}>
          <Trash2 aria-hidden="true" />
          {t('landing.removeFile')}
        </Button>
      )}
      <p aria-live="polite" className="text-sm">
        {error ? (
          <span id={errorId} className="text-destructive" data-testid={`upload-${kind}-error`}>
            {error}
          </span>
        ) : status ? (
          <span className="text-muted-foreground">{status}</span>
        ) : busy && phase.stage !== 'idle' ? (
          <span className="sr-only">{t('landing.uploading')}</span>
        ) : null}
      </p>
    </div>
  );
}
