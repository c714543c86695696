import type { Scenario } from '../scenario';
import { contentHandlers } from './handlers';

/** The content service's named worlds (page text, FAQ, carousels, secret words). */
export const contentScenarios: Scenario[] = [
  { id: 'content:unavailable', label: 'Content service down (bundled text shows)', handlers: () => contentHandlers({ failWith: 500 }) },
  { id: 'content:no-faq', label: 'No FAQ published', handlers: () => contentHandlers({ faq: [] }) },
  { id: 'content:no-images', label: 'No carousel images published', handlers: () => contentHandlers({ images: [] }) },
  { id: 'content:no-secret-words', label: 'No secret words (fallback list)', handlers: () => contentHandlers({ secretWords: [] }) },
];
