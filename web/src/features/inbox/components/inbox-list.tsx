import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type InboxItem, type InboxState } from '@reviewroute/shared';
import { InboxEntry } from './inbox-item';

interface InboxListProps {
  items: InboxItem[];
  businessName: string;
  selected: ReadonlySet<string>;
  busyIds: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onState: (ids: string[], state: InboxState) => void;
  onSaveNote: (id: string, note: string) => Promise<unknown>;
}

/** Typing in a field keeps its keys; elsewhere in the list j/k and the arrows move, x selects. */
const isTyping = (target: EventTarget) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && target.type !== 'checkbox') ||
  (target instanceof HTMLElement && target.isContentEditable);

/**
 * The responses, one focus stop for the list (a roving tabindex): j or ↓ moves to the next, k or ↑ to the
 * previous, x selects or unselects the one in focus; Tab goes on into its buttons.
 */
export function InboxList({ items, businessName, selected, busyIds, onSelect, onState, onSaveNote }: InboxListProps) {
  const { t } = useTranslation('inbox');
  const [active, setActive] = useState(0);
  const refs = useRef(new Map<string, HTMLLIElement>());
  // A shorter list (another filter) keeps the focus stop on an item that exists.
  const activeIndex = Math.min(active, Math.max(items.length - 1, 0));

  const move = (to: number) => {
    const index = Math.max(0, Math.min(items.length - 1, to));
    setActive(index);
    const id = items[index]?.id;
    if (id) refs.current.get(id)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
    if (e.key === 'j' || e.key === 'ArrowDown') {
      e.preventDefault();
      move(activeIndex + 1);
    } else if (e.key === 'k' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(activeIndex - 1);
    } else if (e.key === 'x') {
      const item = items[activeIndex];
      if (!item) return;
      e.preventDefault();
      onSelect(item.id, !selected.has(item.id));
    }
  };

  return (
    <ul aria-label={t('list.label')} className="grid gap-3" onKeyDown={onKeyDown} data-testid="inbox-list">
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
        />
      ))}
    </ul>
  );
}
