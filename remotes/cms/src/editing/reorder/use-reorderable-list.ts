import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';

export type MoveDirection = 'up' | 'down';

/** Where a move took an item, for the live region's words. */
export interface MoveDetail {
  /** 0-based positions before and after the move. */
  from: number;
  to: number;
  count: number;
  direction: MoveDirection;
}

export interface ReorderableListOptions<T> {
  /** The list as the service last answered it. */
  items: readonly T[];
  getId: (item: T) => string;
  /** Sends the whole new order (every id, once); answers the list as the service now has it. */
  save: (ids: string[]) => Promise<T[]>;
  /** The service's answer once no newer move is waiting to be sent (put it in the cache). */
  onSaved: (items: T[]) => void;
  /** A refused or failed save: the order on screen is already back to the stored one. */
  onError: (error: unknown) => void | Promise<void>;
  /** The live region's words after a move. */
  describeMove: (item: T, move: MoveDetail) => string;
  announce: (text: string) => void;
  /** Called on every move, before it is sent (e.g. to clear an old notice). */
  onMove?: (item: T, move: MoveDetail) => void;
  /** A change (another page) drops any order not yet sent. */
  resetKey?: unknown;
  /** No dragging meanwhile (e.g. while a row is being edited). */
  dragDisabled?: boolean;
}

/** What one row needs for dragging: spread it on the row element (an `<li>`). */
export interface ReorderItemProps {
  'data-reorder-id': string;
  className?: string;
  draggable: boolean;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}

/** What MoveButtons needs for one row. */
export interface MoveButtonBinding {
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
}

export interface ReorderableList<T> {
  /** The rows in the order to show: a move shows at once, before the service has it. */
  rows: T[];
  /** Puts `item` at `to` (0-based), announces it and saves the order in the background. */
  moveTo: (item: T, to: number) => void;
  /** One place up (-1) or down (1); focus stays on the moved row's Move button of that direction (the other one at either end). */
  moveBy: (item: T, delta: -1 | 1) => void;
  itemProps: (item: T, index: number, options?: { className?: string }) => ReorderItemProps;
  moveButtons: (item: T, index: number) => MoveButtonBinding;
  /** A callback ref for the list element (where focus is looked for after a move). */
  listRef: (element: HTMLElement | null) => void;
  /** True while an order is shown that the service has not confirmed. */
  pending: boolean;
}

interface Unsent<T> {
  ids: string[];
  save: (ids: string[]) => Promise<T[]>;
  onSaved: (items: T[]) => void;
  onError: (error: unknown) => void | Promise<void>;
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * A list reordered by dragging a row onto another or with Move up / Move down buttons (MoveButtons),
 * shared by the FAQ editor, the secret words and the image editor. A move shows at once, is
 * announced, keeps focus on the moved row's button, and the whole order is saved in the
 * background: moves made while a save is under way go in the next one, and a refused save puts
 * the stored order back and hands the error to `onError`.
 */
export function useReorderableList<T>(options: ReorderableListOptions<T>): ReorderableList<T> {
  const { items, getId, resetKey, dragDisabled = false } = options;
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ id: string; direction: MoveDirection } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const list = useRef<HTMLElement | null>(null);
  const saving = useRef(false);
  const unsent = useRef<Unsent<T> | null>(null);

  // Another page: nothing carried over (a save under way still lands where it was meant to).
  useEffect(() => {
    setPendingOrder(null);
    setDragging(null);
    setDropTarget(null);
    unsent.current = null;
  }, [resetKey]);

  const rows = pendingOrder
    ? [
        ...pendingOrder.map((id) => items.find((item) => getId(item) === id)).filter((item): item is T => item !== undefined),
        ...items.filter((item) => !pendingOrder.includes(getId(item))),
      ]
    : [...items];

  // Focus follows the moved row once it is drawn in its new place.
  useEffect(() => {
    if (!focusTarget || !list.current) return;
    const find = (direction: MoveDirection) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-reorder-id="${focusTarget.id.replace(/["\\]/g, '\\$&')}"] [data-move="${direction}"]:not(:disabled)`);
    const button = find(focusTarget.direction) ?? find(focusTarget.direction === 'up' ? 'down' : 'up');
    if (button) {
      button.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, items, pendingOrder]);

  async function send(): Promise<void> {
    if (saving.current || !unsent.current) return;
    const next = unsent.current;
    unsent.current = null;
    saving.current = true;
    try {
      const answer = await next.save(next.ids);
      if (!unsent.current) {
        next.onSaved(answer);
        setPendingOrder(null);
      }
    } catch (error) {
      unsent.current = null;
      setPendingOrder(null);
      await next.onError(error);
    } finally {
      saving.current = false;
      if (unsent.current) void send();
    }
  }

  function move(item: T, to: number, focus?: MoveDirection) {
    const ids = rows.map(getId);
    const id = getId(item);
    const from = ids.indexOf(id);
    if (from < 0 || to < 0 || to >= ids.length || from === to) return;
    ids.splice(from, 1);
    ids.splice(to, 0, id);
    const detail: MoveDetail = { from, to, count: ids.length, direction: to < from ? 'up' : 'down' };
    options.onMove?.(item, detail);
    setPendingOrder(ids);
    if (focus) setFocusTarget({ id, direction: focus });
    options.announce(options.describeMove(item, detail));
    unsent.current = { ids, save: options.save, onSaved: options.onSaved, onError: options.onError };
    void send();
  }

  const listRef = useCallback((element: HTMLElement | null) => {
    list.current = element;
  }, []);

  return {
    rows,
    pending: pendingOrder !== null,
    moveTo: (item, to) => move(item, to),
    moveBy: (item, delta) => {
      const from = rows.findIndex((row) => getId(row) === getId(item));
      move(item, from + delta, delta < 0 ? 'up' : 'down');
    },
    listRef,
    moveButtons: (item, index) => ({
      index,
      count: rows.length,
      onMove: (delta) => move(item, index + delta, delta < 0 ? 'up' : 'down'),
    }),
    itemProps: (item, index, extra) => {
      const id = getId(item);
      return {
        'data-reorder-id': id,
        className: cx(extra?.className, dragging === id && 'is-dragging', dropTarget === id && dragging !== id && 'is-drop-target'),
        draggable: !dragDisabled,
        onDragStart: (event) => {
          if (dragDisabled) return;
          setDragging(id);
          event.dataTransfer?.setData('text/plain', id);
          if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        },
        onDragOver: (event) => {
          // Only a row of this list is dropped here.
          if (!dragging) return;
          event.preventDefault();
          if (dropTarget !== id) setDropTarget(id);
        },
        onDragLeave: () => setDropTarget((current) => (current === id ? null : current)),
        onDrop: (event) => {
          if (!dragging) return;
          event.preventDefault();
          const moved = rows.find((row) => getId(row) === dragging);
          setDragging(null);
          setDropTarget(null);
          if (moved) move(moved, index);
        },
        onDragEnd: () => {
          setDragging(null);
          setDropTarget(null);
        },
      };
    },
  };
}
