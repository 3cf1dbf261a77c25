import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The ReviewRoute mark and word; decorative icon, the word carries the name. */
export function Logo({ className, iconOnly = false }: { className?: string; iconOnly?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold', className)}>
      <span
        aria-hidden="true"
        className="bg-primary text-primary-foreground flex size-8 shrink-0 items-center justify-center rounded-lg"
      >
        <Star className="size-4 fill-current" />
      </span>
      <span className={cn('text-base tracking-tight', iconOnly && 'sr-only')}>{t('appName')}</span>
    </span>
  );
}
