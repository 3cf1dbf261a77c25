import { Loader2 } from 'lucide-react';
import { type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

interface ConfirmDialogProps {
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirm button in the destructive colour: the action cannot be undone. */
  destructive?: boolean;
  /** Opens the dialog on click; without it, the caller opens it through `open`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * What the owner must fill in before confirming (e.g. typing their address). With it, the dialog is a form:
   * Enter confirms too, and the dialog stays open while the action runs, so the caller closes it.
   */
  children?: ReactNode;
  /** The form is not filled in as required yet. */
  confirmDisabled?: boolean;
  /** The action is running: both buttons are disabled and the confirm button shows `pendingLabel`. */
  pending?: boolean;
  pendingLabel?: string;
}

const destructiveAction = 'bg-destructive hover:bg-destructive/90 text-white';

/** Asks before an action the owner may regret: Cancel, or confirm and run it. */
export function ConfirmDialog({
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  destructive = false,
  trigger,
  open,
  onOpenChange,
  children,
  confirmDisabled = false,
  pending = false,
  pendingLabel,
}: ConfirmDialogProps) {
  const header = (
    <AlertDialogHeader>
      <AlertDialogTitle>{title}</AlertDialogTitle>
      <AlertDialogDescription>{description}</AlertDialogDescription>
    </AlertDialogHeader>
  );
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        {children === undefined ? (
          <>
            {header}
            <AlertDialogFooter>
              <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
              <AlertDialogAction className={destructive ? destructiveAction : undefined} onClick={onConfirm}>
                {confirmLabel}
              </AlertDialogAction>
            </AlertDialogFooter>
          </>
        ) : (
          <form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!confirmDisabled && !pending) onConfirm();
            }}
          >
            {header}
            {children}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
              <Button
                type="submit"
                variant={destructive ? 'destructive' : 'default'}
                disabled={confirmDisabled || pending}
              >
                {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
                {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
              </Button>
            </AlertDialogFooter>
          </form>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
