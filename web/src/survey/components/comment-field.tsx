import { useId, type Ref } from 'react';
import { commentLimit, commentTooLong } from '../lib/form-rules';
import { useI18n } from '../lib/i18n';
import { errorClass, inputClass } from './field-styles';

interface CommentFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Focus ring colour (the palette's accent). */
  accent: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The optional comment with its live counter; over the limit it says so (the form then refuses to send). */
export function CommentField({ value, onChange, accent, ref }: CommentFieldProps) {
  const { t } = useI18n();
  const ids = useId();
  const tooLong = commentTooLong(value);
  const commentId = `${ids}-comment`;
  const counterId = `${ids}-counter`;
  const errorId = `${ids}-error`;
  return (
    <div className="grid gap-2">
      <label htmlFor={commentId} className="font-medium">
        {t('comment.label')}
      </label>
      <textarea
        id={commentId}
        ref={ref}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('comment.placeholder')}
        rows={4}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${counterId}${tooLong ? ` ${errorId}` : ''}`}
        className={`${inputClass} resize-y`}
        style={{ outlineColor: accent }}
      />
      <div className="flex items-start justify-between gap-3">
        {tooLong ? (
          <p id={errorId} className={errorClass}>
            {t('errors.commentTooLong')}
          </p>
        ) : (
          <span />
        )}
        <p
          id={counterId}
          aria-live="polite"
          className={`text-sm tabular-nums ${tooLong ? 'font-semibold' : ''}`}
          data-testid="comment-counter"
        >
          <span aria-hidden="true">{t('comment.counter', { count: value.length, max: commentLimit })}</span>
          <span className="sr-only">{t('comment.counterLabel', { count: value.length, max: commentLimit })}</span>
        </p>
      </div>
    </div>
  );
}
