import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

interface LogoProps {
  className?: string;
  /** Shows the mark only; the word stays for screen readers. */
  iconOnly?: boolean;
  /** Classes for the word, e.g. to hide it (visually) on narrow screens only. */
  wordClassName?: string;
}

/** The ReviewRoute mark and word; decorative icon, the word carries the name. */
export function Logo({ className, iconOnly = false, wordClassName }: LogoProps) {
  const { t } = useTranslation('common');
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold', className)}>
      <span
        aria-hidden="true"
        className="bg-primary text-primary-foreground flex size-8 shrink-0 items-center justify-center rounded-lg"
      >
        <Star className="size-4 fill-current" />
      </span>
      <span className={cn('text-base tracking-tight', iconOnly && 'sr-only', wordClassName)}>{t('appName')}</span>
    </span>
  );
}
