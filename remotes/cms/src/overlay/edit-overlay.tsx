import { useState } from 'react';
import { Button } from '@croft/ui';
import './edit-overlay.css';

/**
 * The editing overlay's toolbar, loaded by the shell only for signed-in editors.
 * In-place text editing and drafts arrive with the CMS issue.
 */
export default function EditOverlay() {
  const [editing, setEditing] = useState(false);
  return (
    <aside className="cms-overlay" aria-label="Content editing">
      <span className="cms-overlay__state">{editing ? 'Edit mode on' : 'Edit mode off'}</span>
      <Button variant="secondary" onClick={() => setEditing((v) => !v)} aria-pressed={editing}>
        {editing ? 'Stop editing' : 'Edit page'}
      </Button>
    </aside>
  );
}
