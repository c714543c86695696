import type { Scenario } from '../scenario';
import { contentHandlers } from './handlers';
import { MOCK_OTHER_EDITOR, createReviewStore, editingHandlers } from './editing';
import { faqEditingScenarios } from './faq-editing';
import { imageEditingScenarios } from './image-editing';
import { secretWordScenarios } from './secret-words';

/** The content service's named worlds (page text, FAQ, carousels, secret words, editing). */
export const contentScenarios: Scenario[] = [
  { id: 'content:unavailable', label: 'Content service down (bundled text shows)', handlers: () => contentHandlers({ failWith: 500 }) },
  { id: 'content:no-faq', label: 'No FAQ published', handlers: () => contentHandlers({ faq: [] }) },
  { id: 'content:no-images', label: 'No carousel images published', handlers: () => contentHandlers({ images: [] }) },
  { id: 'content:no-secret-words', label: 'No secret words (fallback list)', handlers: () => contentHandlers({ secretWords: [] }) },
  // Editing (the cms remote's overlay and screens). Each scenario is a fresh in-memory store.
  { id: 'content:editing', label: 'Editing: drafts, publish, history (in-memory)', handlers: () => editingHandlers() },
  {
    id: 'content:edit-conflict',
    label: `Editing: ${MOCK_OTHER_EDITOR.email} saves each text just before you (409, then Keep mine / Use theirs)`,
    handlers: () => editingHandlers({ conflictText: `Changed meanwhile by ${MOCK_OTHER_EDITOR.email}` }),
  },
  {
    id: 'content:review',
    label: 'Editing: drafts waiting on three pages and the global text, one scheduled, a text with history',
    handlers: () => editingHandlers({ store: createReviewStore() }),
  },
  {
    id: 'content:publish-fails',
    label: 'Editing: drafts waiting, but publishing fails (500)',
    handlers: () => editingHandlers({ store: createReviewStore(), failures: { publishDrafts: 500 } }),
  },
  { id: 'content:save-fails', label: 'Editing: saving a draft fails (500)', handlers: () => editingHandlers({ failures: { saveDraft: 500 } }) },
  { id: 'content:editor-signed-out', label: 'Editing: the session ended (401 on every editing call)', handlers: () => editingHandlers({ signedOut: true }) },
  {
    id: 'content:others-editing',
    label: `Editing: ${MOCK_OTHER_EDITOR.email} has every text open (presence)`,
    handlers: () => editingHandlers({ othersEditing: [MOCK_OTHER_EDITOR.email] }),
  },
  // The FAQ editor (/cms/faq/{page}), the secret words screen (/cms/secret-words) and the image
  // editor (/cms/images/{page}).
  ...faqEditingScenarios,
  ...secretWordScenarios,
  ...imageEditingScenarios,
];
