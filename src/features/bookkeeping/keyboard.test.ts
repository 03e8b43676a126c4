import { describe, expect, it } from 'vitest';
import { commandForKey, emptyCursor, reduceCursor, targetIds, type ListCursor, type ListShape } from './keyboard';

const shape = (count: number): ListShape => ({ count, pageSize: 10, idAt: (position) => `t${position}` });
const run = (cursor: ListCursor, ...commands: Parameters<typeof commandForKey>[0][]) =>
  commands.reduce((current, press) => reduceCursor(current, { type: 'command', command: commandForKey(press)! }, shape(25)), cursor);

describe('bookkeeping keyboard', () => {
  it('maps keys to commands and leaves the rest to the browser', () => {
    expect(commandForKey({ key: 'ArrowDown' })).toBe('down');
    expect(commandForKey({ key: 'ArrowDown', shiftKey: true })).toBe('extendDown');
    expect(commandForKey({ key: ' ' })).toBe('toggleChecked');
    expect(commandForKey({ key: 'Enter' })).toBe('editCategory');
    expect(commandForKey({ key: 'a' })).toBe('acceptSuggestion');
    expect(commandForKey({ key: 'z', ctrlKey: true })).toBe('undo');
    expect(commandForKey({ key: 'z', metaKey: true })).toBe('undo');
    expect(commandForKey({ key: 'a', ctrlKey: true })).toBe('selectAll');
    expect(commandForKey({ key: '?' })).toBe('help');
    expect(commandForKey({ key: 'N', shiftKey: true })).toBe('create');
    expect(commandForKey({ key: 'c', ctrlKey: true })).toBeNull();
    expect(commandForKey({ key: 'ArrowDown', altKey: true })).toBeNull();
    expect(commandForKey({ key: 'Tab' })).toBeNull();
  });

  it('moves the active row within the list', () => {
    expect(run(emptyCursor, { key: 'ArrowUp' }).active).toBe(0);
    expect(run(emptyCursor, { key: 'ArrowDown' }, { key: 'j' }, { key: 'k' }).active).toBe(1);
    expect(run(emptyCursor, { key: 'PageDown' }, { key: 'PageDown' }, { key: 'PageDown' }).active).toBe(24);
    expect(run(emptyCursor, { key: 'End' }, { key: 'PageUp' }).active).toBe(14);
    expect(run(emptyCursor, { key: 'End' }, { key: 'Home' }).active).toBe(0);
    expect(reduceCursor({ ...emptyCursor, active: 40 }, { type: 'clamp' }, shape(25)).active).toBe(24);
    expect(reduceCursor(emptyCursor, { type: 'clamp' }, shape(0)).active).toBe(-1);
  });

  it('selects with x, Shift+arrows, clicks and Ctrl+A, and clears with Escape', () => {
    const toggled = run(emptyCursor, { key: 'x' }, { key: 'ArrowDown' }, { key: 'ArrowDown' }, { key: 'x' });
    expect([...toggled.selected]).toEqual(['t0', 't2']);
    expect([...run(toggled, { key: 'x' }).selected]).toEqual(['t0']);
    const extended = run({ ...emptyCursor, active: 5 }, { key: 'ArrowDown', shiftKey: true }, { key: 'ArrowDown', shiftKey: true });
    expect([...extended.selected].sort()).toEqual(['t5', 't6', 't7']);
    expect(extended.active).toBe(7);
    const clicked = reduceCursor(
      reduceCursor(emptyCursor, { type: 'select', position: 3, range: false }, shape(25)),
      { type: 'select', position: 6, range: true },
      shape(25),
    );
    expect([...clicked.selected].sort()).toEqual(['t3', 't4', 't5', 't6']);
    expect(run(emptyCursor, { key: 'a', ctrlKey: true }).selected.size).toBe(25);
    expect(run(clicked, { key: 'Escape' }).selected.size).toBe(0);
    expect(reduceCursor(emptyCursor, { type: 'command', command: 'selectAll' }, shape(0)).selected.size).toBe(0);
  });

  it('acts on the selection when there is one, else on the active row', () => {
    const present = (id: string) => id !== 't9';
    expect(targetIds({ ...emptyCursor, active: 4 }, shape(25), present)).toEqual(['t4']);
    expect(targetIds({ active: 4, anchor: null, selected: new Set(['t1', 't9']) }, shape(25), present)).toEqual(['t1']);
    expect(targetIds({ ...emptyCursor, active: -1 }, shape(0), present)).toEqual([]);
  });
});
