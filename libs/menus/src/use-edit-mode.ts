import { useSyncExternalStore } from 'react';
import { CMS_EDIT_MODE_ATTRIBUTE } from '@croft/contracts';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [CMS_EDIT_MODE_ATTRIBUTE] });
  return () => observer.disconnect();
}

const isEditing = () => document.documentElement.getAttribute(CMS_EDIT_MODE_ATTRIBUTE) === 'true';

/** Whether the CMS overlay is in edit mode (it marks the document element; see contracts). */
export function useEditMode(): boolean {
  return useSyncExternalStore(subscribe, isEditing, () => false);
}
