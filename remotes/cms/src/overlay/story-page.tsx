import type { ReactNode } from 'react';
import { createEditingClient } from '../editing/api/editing-client';

/** Stories' editing client: a stand-in token (MSW answers; nothing is verified in the browser). */
export const storyEditingClient = createEditingClient({ getAccessToken: () => 'story-token' });

/** A few editable texts as the site renders them (data-cms-*), for the overlay and popup stories. */
export function StoryPage({ children }: { children?: ReactNode }) {
  return (
    <main style={{ padding: '2rem 1rem 10rem', maxWidth: '40rem' }}>
      <h1 data-cms-page="cafe" data-cms-section="hero" data-cms-key="title">
        The Cafe
      </h1>
      <p data-cms-page="cafe" data-cms-section="hero" data-cms-key="subtitle">
        Coffee, cake and a seat by the window.
      </p>
      {children}
    </main>
  );
}
