import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import { ChevronDownIcon } from '../icons/icons';
import './accordion.css';

export type AccordionItem = {
  id: string;
  title: ReactNode;
  content: ReactNode;
};

export type AccordionProps = {
  items: readonly AccordionItem[];
  /** Only one panel open at a time: opening one closes the others. */
  single?: boolean;
  /** Ids open at first (uncontrolled). */
  defaultOpenIds?: readonly string[];
  /** Controlled open ids; pair with onOpenChange. */
  openIds?: readonly string[];
  onOpenChange?: (openIds: string[]) => void;
  /** Heading level wrapping each trigger (default 3). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Shown when there are no items; nothing is rendered if omitted. */
  emptyMessage?: ReactNode;
  className?: string;
};

/**
 * Disclosure list (FAQ): each title is a button with aria-expanded inside a
 * heading, controlling a labelled region. Enter/Space toggle; ArrowUp/ArrowDown,
 * Home and End move between titles.
 */
export function Accordion({
  items,
  single = false,
  defaultOpenIds = [],
  openIds,
  onOpenChange,
  headingLevel = 3,
  emptyMessage,
  className,
}: AccordionProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState<string[]>(() =>
    single ? defaultOpenIds.slice(0, 1) : [...defaultOpenIds],
  );
  const open = openIds ? [...openIds] : uncontrolled;
  const triggers = useRef(new Map<string, HTMLButtonElement>());

  if (items.length === 0) {
    return emptyMessage ? <p className={cx('cc-accordion__empty', className)}>{emptyMessage}</p> : null;
  }

  const toggle = (id: string) => {
    const isOpen = open.includes(id);
    const next = isOpen ? open.filter((x) => x !== id) : single ? [id] : [...open, id];
    if (!openIds) setUncontrolled(next);
    onOpenChange?.(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let target: number | null = null;
    if (event.key === 'ArrowDown') target = (index + 1) % items.length;
    else if (event.key === 'ArrowUp') target = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = items.length - 1;
    if (target === null) return;
    event.preventDefault();
    triggers.current.get(items[target].id)?.focus();
  };

  const Heading = `h${headingLevel}` as const;
  const safe = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_');

  return (
    <div className={cx('cc-accordion', className)}>
      {items.map((item, index) => {
        const isOpen = open.includes(item.id);
        const triggerId = `${baseId}-trigger-${safe(item.id)}`;
        const panelId = `${baseId}-panel-${safe(item.id)}`;
        return (
          <div key={item.id} className="cc-accordion__item">
            <Heading className="cc-accordion__heading">
              <button
                ref={(el) => {
                  if (el) triggers.current.set(item.id, el);
                  else triggers.current.delete(item.id);
                }}
                id={triggerId}
                type="button"
                className="cc-accordion__trigger"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span className="cc-accordion__title">{item.title}</span>
                <ChevronDownIcon className="cc-accordion__icon" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={triggerId}
              className="cc-accordion__panel"
              hidden={!isOpen}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
