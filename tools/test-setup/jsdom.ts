import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installDialogPolyfill } from '@croft/ui/testing';

// jsdom has no layout: scrolling is a no-op here (the shell scrolls to the top on navigation).
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// jsdom has <dialog> without showModal/close: the design system's stand-in, for every unit test.
installDialogPolyfill();

afterEach(() => cleanup());
