import { Loader2 } from 'lucide-react';
import { type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Full-width submit button that shows a spinner and the "…ing" label while its form is busy. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: ReactNode; busyLabel: ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
      {busy && <Loader2 aria-hidden="true" className="animate-spin" />}
      {busy ? busyLabel : label}
    </Button>
  );
}
