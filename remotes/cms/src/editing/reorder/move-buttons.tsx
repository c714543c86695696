import { Button } from '@croft/ui';
import type { MoveButtonBinding } from './use-reorderable-list';

export interface MoveButtonsProps extends MoveButtonBinding {
  /** What the row is called, for the buttons' names ('Move up: <label>'). */
  label: string;
  /** Both buttons off (e.g. while the row is busy). */
  disabled?: boolean;
}

/**
 * Move up / Move down for one row of a reorderable list (useReorderableList's `moveButtons`): the
 * keyboard way to reorder. Off at either end; `data-move` lets the hook put focus back on the
 * moved row's button.
 */
export function MoveButtons({ label, index, count, onMove, disabled = false }: MoveButtonsProps) {
  return (
    <>
      <Button size="sm" variant="secondary" data-move="up" aria-label={`Move up: ${label}`} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
        Move up
      </Button>
      <Button
        size="sm"
        variant="secondary"
        data-move="down"
        aria-label={`Move down: ${label}`}
        disabled={disabled || index >= count - 1}
        onClick={() => onMove(1)}
      >
        Move down
      </Button>
    </>
  );
}
