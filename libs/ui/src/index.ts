/**
 * @croft/ui — the Croft Common design system.
 *
 * Components import their own CSS (class names prefixed `cc-`). The global
 * stylesheet (fonts, tokens, reset) is separate: import
 * `libs/ui/src/global.css` once in the app shell and in Storybook.
 *
 * This index is a federation singleton, bundled whole into every visitor's first load: the
 * form controls are in @croft/ui/forms, the confirmation dialog in @croft/ui/confirm-dialog and
 * the tokens as data in @croft/ui/tokens.
 */

export { VisuallyHidden } from './components/visually-hidden/visually-hidden';
export type { VisuallyHiddenProps } from './components/visually-hidden/visually-hidden';
export { SkipLink } from './components/skip-link/skip-link';
export type { SkipLinkProps } from './components/skip-link/skip-link';
export { Spinner } from './components/spinner/spinner';
export type { SpinnerProps } from './components/spinner/spinner';
export { CloseIcon, ChevronDownIcon, PlusIcon, MenuIcon } from './components/icons/icons';
export type { IconProps } from './components/icons/icons';

export { Button } from './components/button/button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './components/button/button';
export { RoundButton } from './components/round-button/round-button';
export type { RoundButtonProps, RoundButtonRenderProps, RoundButtonTone, RoundButtonSize } from './components/round-button/round-button';
export { IconButton } from './components/icon-button/icon-button';
export type { IconButtonProps } from './components/icon-button/icon-button';

export { Dialog } from './components/dialog/dialog';
export type { DialogProps, DialogSize } from './components/dialog/dialog';

export { ToastProvider, Toaster, useToast } from './components/toast/toast';
export type { ToastProviderProps, ToasterProps, UseToast } from './components/toast/toast';
export {
  toast,
  dismissToast,
  getToastStore,
  createToastStore,
  DEFAULT_TOAST_DURATION_MS,
  MAX_TOASTS,
} from './components/toast/toast-store';
export type { ToastOptions, ToastRecord, ToastStore, ToastVariant } from './components/toast/toast-store';

export { Accordion } from './components/accordion/accordion';
export type { AccordionProps, AccordionItem } from './components/accordion/accordion';


export { ResilientImage } from './components/resilient-image/resilient-image';
export type { ResilientImageProps, ResilientImageSource } from './components/resilient-image/resilient-image';
export { withCacheBust, srcSetWithCacheBust, canCacheBust } from './components/resilient-image/cache-bust';

export { PageFrame } from './components/page-frame/page-frame';
export type { PageFrameProps } from './components/page-frame/page-frame';

export { Picture, ResponsiveImage, pictureSources } from './components/picture/picture';
export type { PictureProps, ResponsiveImageProps } from './components/picture/picture';
export { SectionBackground, textSchemeFor } from './components/section-background/section-background';
export type { SectionBackgroundProps, TextScheme } from './components/section-background/section-background';
export { HeroCarousel } from './components/hero-carousel/hero-carousel';
export type { HeroCarouselProps, HeroSlide, HeroSlotContext } from './components/hero-carousel/hero-carousel';
export {
  CAROUSEL_TIMING,
  autoplayIntervalMs,
  createAutoplayScheduler,
  eagerImageCount,
  isConstrained,
  isSlowConnection,
} from './components/hero-carousel/carousel-timing';
export type {
  AutoplayScheduler,
  AutoplayState,
  CarouselEnvironment,
  PauseReason,
} from './components/hero-carousel/carousel-timing';
