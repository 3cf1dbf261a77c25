import type { ButtonHTMLAttributes } from 'react';
import type { SurveyPalette } from '@reviewroute/shared/domain';

interface SurveyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  type: 'button' | 'submit';
  palette: SurveyPalette;
  /** Primary: filled with the survey's primary colour; outline: a border in the text colour. */
  variant?: 'primary' | 'outline';
}

const baseClass =
  'min-h-12 w-full rounded-md px-4 py-3 text-base font-semibold shadow-sm hover:shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

/** A full-width button of the page in the survey's own colours. */
export function SurveyButton({ type, palette, variant = 'primary', className, ...props }: SurveyButtonProps) {
  const outline = variant === 'outline';
  return (
    <button
      {...props}
      type={type}
      className={[baseClass, outline && 'border-2 bg-transparent', className].filter(Boolean).join(' ')}
      style={
        outline
          ? { borderColor: palette.foreground, outlineColor: palette.accent }
          : { background: palette.primary, color: palette.onPrimary, outlineColor: palette.accent }
      }
    />
  );
}
