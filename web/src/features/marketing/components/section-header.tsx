import { type ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface SectionHeaderProps {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: ReactNode;
  className?: string;
}

/** Eyebrow, h2 and subtitle of a home page section; the h2 names the section for assistive technology. */
export function SectionHeader({ id, eyebrow, title, subtitle, className }: SectionHeaderProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className="text-primary text-sm font-semibold tracking-wide uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance break-words hyphens-auto sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="text-muted-foreground mt-4 text-lg text-balance">{subtitle}</p>}
    </div>
  );
}
