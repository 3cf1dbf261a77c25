import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A small "← back to …" link at the top of a page; the negative margin lines the arrow up with the content. */
export function BackLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className={cn('-ml-3', className)}>
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
