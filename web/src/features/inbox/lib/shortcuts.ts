/** What a key does in the inbox. */
export type InboxShortcut = 'next' | 'previous' | 'select' | 'toggleHandled' | 'help';

/**
 * The inbox's keys, in the order the help lists them. `keys` work anywhere on the page; `listKeys` only while a
 * response has focus, so the arrows still scroll the page everywhere else.
 */
export const inboxShortcuts: readonly {
  action: InboxShortcut;
  keys: readonly string[];
  listKeys?: readonly string[];
}[] = [
  { action: 'next', keys: ['j'], listKeys: ['ArrowDown'] },
  { action: 'previous', keys: ['k'], listKeys: ['ArrowUp'] },
  { action: 'select', keys: ['x'] },
  { action: 'toggleHandled', keys: ['h'] },
  { action: 'help', keys: ['?'] },
];

/**
 * Where keys belong to what has focus: a field being typed in, and the open overlays and choices (a dialog, a
 * select's list, a menu, and a select's button, which picks an option by its first letter).
 */
const ownKeys = '[role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"], [role="combobox"]';

function keepsItsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable)
    return true;
  if (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio') return true;
  return target.closest(ownKeys) !== null;
}

/**
 * The shortcut a key press on the page means, if any: none while the owner types in a field or works in an open
 * dialog or menu, with Ctrl, Alt or Meta held (the browser's and the sidebar's own shortcuts), or when something
 * else already handled the key. `inList`: whether the focus is on a response (where the arrows move too).
 */
export function shortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'isComposing' | 'defaultPrevented' | 'target'>,
  inList: boolean,
): InboxShortcut | undefined {
  if (event.defaultPrevented || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return undefined;
  if (keepsItsKeys(event.target)) return undefined;
  return inboxShortcuts.find(
    ({ keys, listKeys }) => keys.includes(event.key) || (inList && listKeys?.includes(event.key)),
  )?.action;
}
