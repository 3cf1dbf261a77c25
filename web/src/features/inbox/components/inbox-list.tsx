import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type InboxItem, type InboxState, type WebsiteHideReason } from '@reviewroute/shared';
import { shortcutOf, type InboxShortcut } from '../lib/shortcuts';
import { InboxEntry } from './inbox-item';
import { ShortcutsHelp } from './shortcuts-help';

interface InboxListProps {
  items: InboxItem[];
  businessName: string;
  selected: ReadonlySet<string>;
  busyIds: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onState: (ids: string[], state: InboxState) => void;
  onSaveNote: (id: string, note: string) => Promise<unknown>;
  onHideFromWebsite: (id: string, reason: WebsiteHideReason) => void;
}

/**
 * The responses, one focus stop for the list (a roving tabindex), worked by keyboard from the moment the page
 * opens (the keys are read on the whole document, not only once the list has focus): j moves to the next, k to
 * the previous, x selects or unselects the one in focus, h marks it handled or reopens it, ? lists the keys; on a
 * response the arrows move too. The first key with the focus elsewhere shows where it acts by focusing the
 * current response. Tab goes on into a response's buttons.
 */
export function InboxList({
  items,
  businessName,
  selected,
  busyIds,
  onSelect,
  onState,
  onSaveNote,
  onHideFromWebsite,
}: InboxListProps) {
  const { t } = useTranslation('inbox');
  const [active, setActive] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const refs = useRef(new Map<string, HTMLLIElement>());
  // A shorter list (another filter) keeps the focus stop on an item that exists.
  const activeIndex = Math.min(active, Math.max(items.length - 1, 0));

  const move = (to: number) => {
    const index = Math.max(0, Math.min(items.length - 1, to));
    setActive(index);
    const id = items[index]?.id;
    if (id) refs.current.get(id)?.focus();
  };

  const act = (shortcut: InboxShortcut, inList: boolean) => {
    if (shortcut === 'help') return setHelpOpen(true);
    const item = items[activeIndex];
    if (!item) return;
    // From elsewhere on the page the first key brings the focus to the current response instead of skipping it.
    if (!inList) move(activeIndex);
    if (shortcut === 'next' && inList) move(activeIndex + 1);
    else if (shortcut === 'previous' && inList) move(activeIndex - 1);
    else if (shortcut === 'select') onSelect(item.id, !selected.has(item.id));
    else if (shortcut === 'toggleHandled' && !busyIds.has(item.id))
      onState([item.id], item.state === 'handled' ? 'new' : 'handled');
  };

  // One listener for the page's life; it reads the latest state through the ref.
  const actRef = useRef(act);
  useEffect(() => {
    actRef.current = act;
  });
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const inList = e.target instanceof Node && listRef.current?.contains(e.target) === true;
      const shortcut = shortcutOf(e, inList);
      if (!shortcut) return;
      e.preventDefault();
      actRef.current(shortcut, inList);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <div className="flex justify-end max-sm:hidden">
        <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
      </div>
      <ul ref={listRef} aria-label={t('list.label')} className="grid gap-3" data-testid="inbox-list">
        {items.map((item, index) => (
          <InboxEntry
            key={item.id}
            ref={(el) => {
              if (el) refs.current.set(item.id, el);
              else refs.current.delete(item.id);
            }}
            item={item}
            businessName={businessName}
            selected={selected.has(item.id)}
            active={index === activeIndex}
            busy={busyIds.has(item.id)}
            onFocus={() => setActive(index)}
            onSelect={(value) => onSelect(item.id, value)}
            onState={(state) => onState([item.id], state)}
            onSaveNote={(note) => onSaveNote(item.id, note)}
            onHideFromWebsite={(reason) => onHideFromWebsite(item.id, reason)}
          />
        ))}
      </ul>
    </>
  );
}
