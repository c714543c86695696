/**
 * @croft/ui/nudge-button: the floating CLICK ME button. Kept out of the shared index (bundled
 * whole into every visitor's first load) because the nudge runtime loads after the page is idle
 * and brings it along in its own chunk.
 */
export { NudgeButton, NUDGE_BUTTON_LABEL, NUDGE_BUTTON_NAME } from './components/nudge-button/nudge-button';
export type { NudgeButtonProps } from './components/nudge-button/nudge-button';
