import { Keyboard } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { inboxShortcuts } from '../lib/shortcuts';

/** How a key is drawn: the arrows as arrows, letters as typed. */
const keyLabels: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑' };

function Key({ name }: { name: string }) {
  return (
    <kbd className="bg-muted text-foreground inline-flex min-w-6 items-center justify-center rounded border px-1.5 font-mono text-xs font-medium">
      {keyLabels[name] ?? name}
    </kbd>
  );
}

/**
 * The "Keyboard shortcuts" button and the dialog it opens (also opened by "?"): every key of the inbox and what
 * it does, read from the same table the page acts on.
 */
export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('inbox');
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="text-muted-foreground w-fit"
        aria-keyshortcuts="?"
        onClick={() => onOpenChange(true)}
        data-testid="inbox-shortcuts-button"
      >
        <Keyboard aria-hidden="true" />
        {t('shortcuts.button')}
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent closeLabel={t('shortcuts.close')} data-testid="inbox-shortcuts">
          <DialogHeader>
            <DialogTitle>{t('shortcuts.title')}</DialogTitle>
            <DialogDescription>{t('shortcuts.description')}</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 text-sm">
            {inboxShortcuts.map(({ action, keys, listKeys = [] }) => (
              <Fragment key={action}>
                <dt className="flex items-center gap-1.5">
                  {[...keys, ...listKeys].map((key, index) => (
                    <Fragment key={key}>
                      {index > 0 && <span className="text-muted-foreground text-xs">{t('shortcuts.or')}</span>}
                      <Key name={key} />
                    </Fragment>
                  ))}
                </dt>
                <dd>{t(`shortcuts.actions.${action}`)}</dd>
              </Fragment>
            ))}
          </dl>
        </DialogContent>
      </Dialog>
    </>
  );
}
