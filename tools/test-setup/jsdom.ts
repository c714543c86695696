import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout: scrolling is a no-op here (the shell scrolls to the top on navigation).
window.scrollTo = (() => undefined) as typeof window.scrollTo;

afterEach(() => cleanup());
