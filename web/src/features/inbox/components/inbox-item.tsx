import { Check, Mail, NotebookPen, RotateCcw } from 'lucide-react';
import { forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, inboxNoteMaxLength, type InboxItem, type WebsiteHideReason } from '@reviewroute/shared';
import { ContactDetails } from '@/components/contact-details';
import { RatingStars } from '@/components/rating-stars';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { replyMailto } from '../lib/reply';
import { EvidenceLine, WebsiteConsentLine } from './website-consent';

interface InboxEntryProps {
  item: InboxItem;
  businessName: string;
  selected: boolean;
  active: boolean;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onFocus: () => void;
  onState: (state: InboxItem['state']) => void;
  onSaveNote: (note: string) => Promise<unknown>;
  onHideFromWebsite: (reason: WebsiteHideReason) => void;
}

/** One response: rating, date, state, comment (or "No comment"), contact details with a reply, the private note. */
export const InboxEntry = forwardRef<HTMLLIElement, InboxEntryProps>(function InboxEntry(
  { item, businessName, selected, active, busy, onSelect, onFocus, onState, onSaveNote, onHideFromWebsite },
  ref,
) {
  const { t } = useTranslation('inbox');
  const language = useLanguage();
  const id = useId();
  const handled = item.state === 'handled';
  const reply = item.customerEmail
    ? replyMailto(
        item.customerEmail,
        t('reply.subject', { business: businessName }),
        item.customerName ? t('reply.greeting', { name: item.customerName }) : t('reply.greetingNoName'),
      )
    : undefined;

  return (
    <li
      ref={ref}
      tabIndex={active ? 0 : -1}
      onFocus={onFocus}
      aria-labelledby={`${id}-rating ${id}-date ${id}-state`}
      data-testid="inbox-item"
      data-state={item.state}
      className={cn(
        'focus-visible:ring-ring/50 grid gap-2 rounded-lg border p-3 outline-none focus-visible:ring-[3px] md:p-4',
        selected && 'border-primary bg-accent/40',
        handled && 'bg-muted/40',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <input
          type="checkbox"
          className="accent-primary size-4 shrink-0"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t('item.select')}
          data-testid="inbox-select"
        />
        <RatingStars id={`${id}-rating`} rating={item.rating} />
        <time id={`${id}-date`} dateTime={item.createdAt} className="text-muted-foreground text-xs">
          {formatDateTime(item.createdAt, language)}
        </time>
        <Badge
          id={`${id}-state`}
          variant={handled ? 'secondary' : 'default'}
          className="ml-auto"
          data-testid="inbox-state"
        >
          {handled ? t('item.stateHandled') : t('item.stateNew')}
        </Badge>
      </div>
      {item.comment ? (
        <p className="text-sm wrap-anywhere whitespace-pre-line" data-testid="inbox-comment">
          {item.comment}
        </p>
      ) : (
        <p className="text-muted-foreground text-sm italic" data-testid="inbox-comment">
          {t('item.noComment')}
        </p>
      )}
      <ContactDetails name={item.customerName} email={item.customerEmail} data-testid="inbox-contact" />
      <EvidenceLine evidence={item.evidence} />
      <WebsiteConsentLine consent={item.websiteConsent} busy={busy} onHide={onHideFromWebsite} />
      <NoteArea note={item.note} onSave={onSaveNote} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant={handled ? 'outline' : 'default'}
          disabled={busy}
          onClick={() => onState(handled ? 'new' : 'handled')}
          data-testid="inbox-toggle-state"
        >
          {handled ? <RotateCcw aria-hidden="true" /> : <Check aria-hidden="true" />}
          {handled ? t('item.reopen') : t('item.markHandled')}
        </Button>
        {reply && (
          <Button asChild size="sm" variant="outline">
            <a href={reply} data-testid="inbox-reply">
              <Mail aria-hidden="true" />
              {t('item.reply')}
            </a>
          </Button>
        )}
      </div>
    </li>
  );
});

/** The private note: shown when there is one, edited in place. */
function NoteArea({ note, onSave }: { note: string | null; onSave: (note: string) => Promise<unknown> }) {
  const { t } = useTranslation('inbox');
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note ?? '');
  const [saving, setSaving] = useState(false);
  const tooLong = text.length > inboxNoteMaxLength;

  if (!editing) {
    return (
      <div className="grid gap-1">
        {note && (
          <div className="rounded-md border border-dashed p-2 text-sm" data-testid="inbox-note">
            <p className="text-muted-foreground text-xs font-medium">{t('item.note')}</p>
            <p className="wrap-anywhere whitespace-pre-line">{note}</p>
          </div>
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="w-fit"
          onClick={() => {
            setText(note ?? '');
            setEditing(true);
          }}
        >
          <NotebookPen aria-hidden="true" />
          {note ? t('item.editNote') : t('item.addNote')}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (tooLong) return;
        setSaving(true);
        onSave(text.trim())
          .then(() => setEditing(false))
          .catch(() => undefined)
          .finally(() => setSaving(false));
      }}
    >
      <Label htmlFor={`${id}-note`}>{t('item.note')}</Label>
      <Textarea
        id={`${id}-note`}
        value={text}
        autoFocus
        rows={3}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setEditing(false);
        }}
      />
      <p id={`${id}-hint`} className={cn('text-xs', tooLong ? 'text-destructive' : 'text-muted-foreground')}>
        {tooLong ? t('item.noteTooLong', { max: inboxNoteMaxLength }) : t('item.noteHint')}
      </p>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving || tooLong}>
          {t('item.saveNote')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
          {t('item.cancel')}
        </Button>
      </div>
    </form>
  );
}
