import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * What a part of a page shows while its data loads: grey shapes where the content will be (one skeleton per
 * class list in `shapes`, or `children` for a layout of their own), and `label` for screen readers, to whom the
 * shapes say nothing.
 */
export function LoadingStatus({
  label,
  shapes = [],
  className,
  children,
}: {
  label: string;
  shapes?: readonly string[];
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div role="status" className={cn('grid gap-3', className)}>
      <span className="sr-only">{label}</span>
      {shapes.map((shape, index) => (
        <Skeleton key={index} className={shape} />
      ))}
      {children}
    </div>
  );
}
