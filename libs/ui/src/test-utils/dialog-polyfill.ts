/**
 * jsdom (29) has <dialog> but none of its methods. This stands in for the
 * platform in unit tests only: showModal/close toggle `open`, close fires the
 * `close` event asynchronously (as browsers do), and an Escape keydown that no
 * one cancelled sends a cancelable `cancel` event to the top modal dialog and
 * closes it unless that is cancelled. Focus is NOT restored here, so tests
 * prove the component does it. Real-browser behaviour is covered by the
 * Chromium story tests.
 */
const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type PolyDialog = HTMLDialogElement & { __ccModal?: boolean };

const modalStack: PolyDialog[] = [];

export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype as PolyDialog;
  if ((proto as unknown as { __ccPolyfilled?: boolean }).__ccPolyfilled) return;
  (proto as unknown as { __ccPolyfilled?: boolean }).__ccPolyfilled = true;

  proto.showModal = function showModal(this: PolyDialog) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    if (!this.isConnected) throw new DOMException('The dialog is not connected.', 'InvalidStateError');
    this.setAttribute('open', '');
    this.__ccModal = true;
    modalStack.push(this);
    const target = this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  };
  proto.show = function show(this: PolyDialog) {
    if (this.open) return;
    this.setAttribute('open', '');
  };
  proto.close = function close(this: PolyDialog, returnValue?: string) {
    if (!this.open) return;
    this.removeAttribute('open');
    if (returnValue !== undefined) this.returnValue = returnValue;
    const i = modalStack.indexOf(this);
    if (i !== -1) modalStack.splice(i, 1);
    this.__ccModal = false;
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = modalStack[modalStack.length - 1];
    if (!top || !top.isConnected) return;
    const cancel = new Event('cancel', { cancelable: true });
    if (top.dispatchEvent(cancel)) top.close();
  });
}
