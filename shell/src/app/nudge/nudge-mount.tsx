import { useEffect, useState, type ComponentType } from 'react';
import { watchForNudge, type EarlyNudge } from '@croft/nudge/early';
import type { NudgeRuntimeProps } from './nudge-runtime';

type Loaded = { Runtime: ComponentType<NudgeRuntimeProps>; first?: EarlyNudge };

/**
 * The nudge's part of the first load: a few hundred bytes that wait for the page to be idle, then
 * load the nudge runtime (its own chunk) when a nudge can arrive (see @croft/nudge/early).
 * A failed load is logged, never shown (spec 000 §8).
 */
export function NudgeMount() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(
    () =>
      watchForNudge({
        load: (first) => {
          import('./nudge-runtime').then(
            ({ NudgeRuntime }) => setLoaded({ Runtime: NudgeRuntime, first }),
            (error: unknown) => console.error('[nudge] could not load the nudge runtime', error),
          );
        },
      }),
    [],
  );
  if (!loaded) return null;
  const { Runtime, first } = loaded;
  return <Runtime first={first} />;
}
