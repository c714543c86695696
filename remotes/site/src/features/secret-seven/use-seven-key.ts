import { useEffect } from 'react';

function typingSomewhere(target: EventTarget | null): boolean {
  const el = target instanceof HTMLElement ? target : document.activeElement;
  return (
    el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLElement && el.isContentEditable)
  );
}

/**
 * The keyboard equivalent of drawing the secret "7": pressing 7 while no field is focused.
 * (The drawn gesture itself arrives with libs/gesture.)
 */
export function useSevenKey(onSeven: () => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '7' || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingSomewhere(event.target)) return;
      onSeven();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSeven, enabled]);
}
