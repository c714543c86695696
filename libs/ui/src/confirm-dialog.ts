/**
 * @croft/ui/confirm-dialog: the yes/no confirmation dialog. Kept out of the shared index (bundled
 * whole into every visitor's first load) because only member pages ask to confirm; it holds no
 * page-wide state, so each remote bundles it where it needs it.
 */
export { ConfirmDialog } from './components/confirm-dialog/confirm-dialog';
export type { ConfirmDialogProps } from './components/confirm-dialog/confirm-dialog';
