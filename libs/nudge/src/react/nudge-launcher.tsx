import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { NudgeButton } from '@croft/ui/nudge-button';
import { createBrowserNudgeController } from '../core/browser';
import type { NudgeController } from '../core/nudge-controller';
import type { EarlyNudge } from '../early';

export interface NudgeLauncherProps {
  /** Routes inside the site (the shell's router). */
  navigate: (path: string) => void;
  /** The current path: a path other than where the nudge arrived clears it. */
  pathname: string;
  /** A nudge that arrived before this loaded (see @croft/nudge/early). */
  first?: EarlyNudge;
  /** Tests hand in a controller over fakes; the page makes its own. */
  controller?: NudgeController;
}

/** Starts the nudge for the page and shows the CLICK ME button while there is one to click. */
export function NudgeLauncher({ navigate, pathname, first, controller: given }: NudgeLauncherProps) {
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [controller] = useState(() => given ?? createBrowserNudgeController({ navigate: (path) => navigateRef.current(path) }));
  const firstRef = useRef(first);

  useEffect(() => {
    const stop = controller.start();
    const early = firstRef.current;
    if (early) controller.receive(early.url, early.source);
    firstRef.current = undefined;
    return stop;
  }, [controller]);

  useEffect(() => {
    controller.pathChanged(pathname);
  }, [controller, pathname]);

  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  return snapshot.visible ? <NudgeButton onClick={() => controller.click()} /> : null;
}
