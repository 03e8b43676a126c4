/**
 * Keyboard work on the bookkeeping list, as pure functions: which command a key press means,
 * and how the active row and the selection follow the commands. The component only wires
 * them to the DOM, so every shortcut is unit tested.
 */

export type ListCommand =
  | 'up'
  | 'down'
  | 'extendUp'
  | 'extendDown'
  | 'pageUp'
  | 'pageDown'
  | 'first'
  | 'last'
  | 'toggleChecked'
  | 'toggleSelected'
  | 'selectAll'
  | 'clearSelection'
  | 'editCategory'
  | 'acceptSuggestion'
  | 'editMerchant'
  | 'editNote'
  | 'open'
  | 'delete'
  | 'undo'
  | 'help'
  | 'search'
  | 'create';

export interface KeyPress {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** The shortcuts, in the order the help dialog lists them (`keys` are shown, `command` is run). */
export const shortcuts: readonly { command: ListCommand; keys: readonly string[] }[] = [
  { command: 'down', keys: ['↓', 'J'] },
  { command: 'up', keys: ['↑', 'K'] },
  { command: 'extendDown', keys: ['Shift + ↓'] },
  { command: 'extendUp', keys: ['Shift + ↑'] },
  { command: 'pageDown', keys: ['PageDown'] },
  { command: 'pageUp', keys: ['PageUp'] },
  { command: 'first', keys: ['Home'] },
  { command: 'last', keys: ['End'] },
  { command: 'toggleChecked', keys: ['Space'] },
  { command: 'toggleSelected', keys: ['X'] },
  { command: 'selectAll', keys: ['Ctrl + A'] },
  { command: 'clearSelection', keys: ['Esc'] },
  { command: 'editCategory', keys: ['Enter', 'C'] },
  { command: 'acceptSuggestion', keys: ['A'] },
  { command: 'editMerchant', keys: ['M'] },
  { command: 'editNote', keys: ['N'] },
  { command: 'open', keys: ['O'] },
  { command: 'delete', keys: ['Delete'] },
  { command: 'undo', keys: ['Ctrl + Z'] },
  { command: 'search', keys: ['/'] },
  { command: 'create', keys: ['Shift + N'] },
  { command: 'help', keys: ['?'] },
];

/** The command a key press on the list means, or null to let the browser have it. */
export function commandForKey(press: KeyPress): ListCommand | null {
  const { key, shiftKey = false, altKey = false } = press;
  const command = press.ctrlKey || press.metaKey;
  if (altKey) return null;
  if (command) {
    if (key === 'z' || key === 'Z') return shiftKey ? null : 'undo';
    if (key === 'a' || key === 'A') return 'selectAll';
    return null;
  }
  switch (key) {
    case 'ArrowDown':
      return shiftKey ? 'extendDown' : 'down';
    case 'ArrowUp':
      return shiftKey ? 'extendUp' : 'up';
    case 'j':
      return 'down';
    case 'k':
      return 'up';
    case 'PageDown':
      return 'pageDown';
    case 'PageUp':
      return 'pageUp';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case ' ':
      return 'toggleChecked';
    case 'x':
      return 'toggleSelected';
    case 'Escape':
      return 'clearSelection';
    case 'Enter':
    case 'c':
      return 'editCategory';
    case 'a':
      return 'acceptSuggestion';
    case 'm':
      return 'editMerchant';
    case 'n':
      return 'editNote';
    case 'N':
      return 'create';
    case 'o':
      return 'open';
    case 'Delete':
    case 'Backspace':
      return 'delete';
    case '/':
      return 'search';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** Where the keyboard is: the active row (a position in the visible order) and the selected ids. */
export interface ListCursor {
  /** -1 when the list is empty. */
  active: number;
  /** Where a Shift selection started. */
  anchor: number | null;
  selected: ReadonlySet<string>;
}

export const emptyCursor: ListCursor = { active: 0, anchor: null, selected: new Set() };

/** What the reducer needs to know about the list it moves over. */
export interface ListShape {
  count: number;
  /** Rows per page (PageUp/PageDown). */
  pageSize: number;
  /** The id of the row at a position. */
  idAt(position: number): string;
}

export type CursorAction =
  | { type: 'command'; command: ListCommand }
  | { type: 'focus'; position: number }
  | { type: 'select'; position: number; range: boolean }
  | { type: 'setSelection'; ids: readonly string[] }
  | { type: 'clamp' };

const clampTo = (position: number, count: number) => (count === 0 ? -1 : Math.min(Math.max(position, 0), count - 1));

function rangeIds(shape: ListShape, from: number, to: number): string[] {
  const ids: string[] = [];
  for (let position = Math.min(from, to); position <= Math.max(from, to); position++) ids.push(shape.idAt(position));
  return ids;
}

/** The cursor after an action. Commands that are not about moving or selecting leave it as is. */
export function reduceCursor(cursor: ListCursor, action: CursorAction, shape: ListShape): ListCursor {
  const { count } = shape;
  const moveTo = (position: number): ListCursor => ({ ...cursor, active: clampTo(position, count), anchor: null });
  const extendTo = (position: number): ListCursor => {
    const active = clampTo(position, count);
    if (active < 0) return cursor;
    const anchor = cursor.anchor ?? clampTo(cursor.active, count);
    const selected = new Set(cursor.selected);
    for (const id of rangeIds(shape, anchor, active)) selected.add(id);
    return { active, anchor, selected };
  };
  switch (action.type) {
    case 'clamp':
      return cursor.active === clampTo(cursor.active, count) ? cursor : { ...cursor, active: clampTo(cursor.active, count) };
    case 'focus':
      return moveTo(action.position);
    case 'setSelection':
      return { ...cursor, selected: new Set(action.ids), anchor: null };
    case 'select': {
      const position = clampTo(action.position, count);
      if (position < 0) return cursor;
      if (action.range) {
        const anchor = cursor.anchor ?? clampTo(cursor.active, count);
        return { active: position, anchor, selected: new Set([...cursor.selected, ...rangeIds(shape, anchor, position)]) };
      }
      const id = shape.idAt(position);
      const selected = new Set(cursor.selected);
      if (selected.has(id)) selected.delete(id);
      else selected.add(id);
      return { active: position, anchor: position, selected };
    }
    case 'command':
      switch (action.command) {
        case 'down':
          return moveTo(cursor.active + 1);
        case 'up':
          return moveTo(cursor.active - 1);
        case 'extendDown':
          return extendTo(cursor.active + 1);
        case 'extendUp':
          return extendTo(cursor.active - 1);
        case 'pageDown':
          return moveTo(cursor.active + shape.pageSize);
        case 'pageUp':
          return moveTo(cursor.active - shape.pageSize);
        case 'first':
          return moveTo(0);
        case 'last':
          return moveTo(count - 1);
        case 'toggleSelected':
          return cursor.active < 0 ? cursor : reduceCursor(cursor, { type: 'select', position: cursor.active, range: false }, shape);
        case 'selectAll':
          return { ...cursor, selected: new Set(count === 0 ? [] : rangeIds(shape, 0, count - 1)), anchor: null };
        case 'clearSelection':
          return cursor.selected.size === 0 ? cursor : { ...cursor, selected: new Set(), anchor: null };
        default:
          return cursor;
      }
  }
}

/**
 * The rows an action applies to: the selection when there is one, else the active row.
 * Selected rows that left the list (filtered out, deleted) are kept only if still present.
 */
export function targetIds(cursor: ListCursor, shape: ListShape, present: (id: string) => boolean): string[] {
  if (cursor.selected.size > 0) return [...cursor.selected].filter(present);
  return cursor.active >= 0 && cursor.active < shape.count ? [shape.idAt(cursor.active)] : [];
}
