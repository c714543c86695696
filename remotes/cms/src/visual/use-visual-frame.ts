import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { parseFromFrame, type FromFrameMessage, type ToFrameMessage } from '../overlay/visual-frame-messages';

export type FrameHandlers = {
  [T in FromFrameMessage['type']]?: (message: Extract<FromFrameMessage, { type: T }>) => void;
};

/**
 * The panel's side of the visual editor: hears the page in `frame` (only that window, only at this
 * origin: any other message is ignored) and returns `send`, which posts to it at this origin.
 */
export function useVisualFrame(frame: RefObject<HTMLIFrameElement | null>, handlers: FrameHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source || event.origin !== window.location.origin) return;
      const message = parseFromFrame(event.data);
      if (!message) return;
      (latest.current[message.type] as ((m: FromFrameMessage) => void) | undefined)?.(message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);

  return useCallback(
    (message: ToFrameMessage) => {
      const target = frame.current?.contentWindow;
      if (!target) return false;
      target.postMessage(message, window.location.origin);
      return true;
    },
    [frame],
  );
}
