import { EDITOR_POPUP_MARGIN, EDITOR_POPUP_WIDTH } from '@croft/contracts';

export interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface PopupPlacement {
  top: number;
  left: number;
  width: number;
  maxHeight: number;
}

/** Space between the text and the popup. */
export const POPUP_GAP = 8;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Where the editor popup goes (spec 000 §9): EDITOR_POPUP_WIDTH wide (less on a screen too narrow
 * for it and its margins), next to the text (below it, else above it, else wherever it fits), and
 * always EDITOR_POPUP_MARGIN inside the viewport; a popup taller than the viewport scrolls inside.
 */
export function popupPlacement(anchor: Box, popupHeight: number, viewport: { width: number; height: number }): PopupPlacement {
  const m = EDITOR_POPUP_MARGIN;
  const width = Math.max(0, Math.min(EDITOR_POPUP_WIDTH, viewport.width - 2 * m));
  const maxHeight = Math.max(0, viewport.height - 2 * m);
  const height = Math.min(popupHeight, maxHeight);
  const left = clamp(anchor.left, m, viewport.width - m - width);
  const below = anchor.bottom + POPUP_GAP;
  const above = anchor.top - POPUP_GAP - height;
  const wanted = below + height <= viewport.height - m ? below : above >= m ? above : below;
  const top = clamp(wanted, m, viewport.height - m - height);
  return { top, left, width, maxHeight };
}
