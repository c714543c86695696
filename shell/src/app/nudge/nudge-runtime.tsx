import { useLocation, useNavigate } from '@croft/router';
import { NudgeLauncher } from '@croft/nudge/react';
import type { EarlyNudge } from '@croft/nudge/early';

export interface NudgeRuntimeProps {
  first?: EarlyNudge;
}

/** The nudge runtime (a chunk of its own, loaded after idle): the launcher on the shell's router. */
export function NudgeRuntime({ first }: NudgeRuntimeProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return <NudgeLauncher navigate={navigate} pathname={pathname} first={first} />;
}
