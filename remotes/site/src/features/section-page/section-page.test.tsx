import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@croft/router';
import { ToastProvider } from '@croft/ui';
import { PAGE_TEXT_DEFAULTS } from '@croft/contracts';
import { createMockServer } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { ANALYTICS_GESTURE_EVENT } from '@croft/analytics';
import { SectionPage } from './section-page';
import { acceptsSecretSeven, COMMON_GOOD_TOAST } from './secret-reveal';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let where = '';
function Where() {
  where = useLocation().pathname;
  return null;
}

/** The secret 7 loads just after the page renders; it marks the page once it listens. */
const sevenReady = () => waitFor(() => expect(document.querySelector('[data-secret-seven="ready"]')).not.toBeNull());

function renderPage(page: 'community' | 'kitchens' | 'cocktails' | 'beer') {
  return render(
    <ToastProvider>
      <MemoryRouter initialEntries={[`/${page}`]}>
        <Where />
        <Routes>
          <Route path={`/${page}`} element={<SectionPage page={page} />} />
          <Route path="/common-good" element={<h1>Common Good</h1>} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
}

describe('SectionPage', () => {
  it('renders the hero, OPEN and BOOK first, then the text sections and the footer', async () => {
    renderPage('beer');
    expect(screen.getByRole('heading', { level: 1, name: PAGE_TEXT_DEFAULTS.beer.hero.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a table' })).toHaveAttribute('href', '/book');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: PAGE_TEXT_DEFAULTS.beer.about.heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: PAGE_TEXT_DEFAULTS.beer.details.heading })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('on /community the 7 goes straight to /common-good with the toast (a gesture journey for site analytics)', async () => {
    renderPage('community');
    await sevenReady();
    let marks = 0;
    let markedBeforeLeaving = false;
    const onMark = () => {
      marks += 1;
      markedBeforeLeaving = where === '/community';
    };
    window.addEventListener(ANALYTICS_GESTURE_EVENT, onMark);
    await act(async () => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '7', bubbles: true }));
    });
    window.removeEventListener(ANALYTICS_GESTURE_EVENT, onMark);
    expect(where).toBe('/common-good');
    expect(marks).toBe(1);
    expect(markedBeforeLeaving).toBe(true);
    expect(await screen.findByText(COMMON_GOOD_TOAST.title)).toBeInTheDocument();
    expect(screen.getByText(COMMON_GOOD_TOAST.description)).toBeInTheDocument();
    expect(COMMON_GOOD_TOAST).toEqual({ title: 'Access granted', description: 'Common Good Fund unlocked' });
  });

  it('on /kitchens the 7 opens the members\' gate (no reveal without it)', async () => {
    renderPage('kitchens');
    await sevenReady();
    await act(async () => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '7', bubbles: true }));
    });
    expect(await screen.findByRole('dialog', { name: 'Croft Common Membership' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Common Cook Book' })).not.toBeInTheDocument();
  });

  it('cocktails accepts the 7 unless its first section is the brand overview', () => {
    expect(acceptsSecretSeven('cocktails', 'hero')).toBe(true);
    expect(acceptsSecretSeven('cocktails', 'brand-overview')).toBe(false);
    expect(acceptsSecretSeven('beer', 'brand-overview')).toBe(true);
  });
});
