/**
 * @croft/ui/testing: stand-ins for unit tests (jsdom), kept out of the design system's index so
 * no test code reaches a visitor's bundle.
 */
export { installDialogPolyfill } from './test-utils/dialog-polyfill';
