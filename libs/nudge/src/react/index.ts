/** @croft/nudge/react: the React binding of the nudge (loaded with the nudge runtime, after idle). */
export { NudgeLauncher } from './nudge-launcher';
export type { NudgeLauncherProps } from './nudge-launcher';
