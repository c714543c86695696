import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from '@croft/router';
import { createTestQueryClient, queryWrapper } from '@croft/query/testing';
import { globalTextQuery } from './api/get-brand-name';
import { Layout } from './layout';

const probe: { navigate?: NavigateFunction; pathname?: string; search?: string } = {};
function Probe() {
  probe.navigate = useNavigate();
  const location = useLocation();
  probe.pathname = location.pathname;
  probe.search = location.search;
  return null;
}

/** The brand name's read answers at once with no rows (these tests are about navigation). */
function noContent() {
  const client = createTestQueryClient();
  client.setQueryData(globalTextQuery().queryKey, []);
  return client;
}

function setup(initial: string) {
  render(
    <MemoryRouter initialEntries={[initial]}>
      <Probe />
      <Routes>
        <Route element={<Layout />}>
          <Route path="/cafe" element={<h1>Cafe page</h1>} />
          {/* one route for both paths below, so the input stays mounted and focused */}
          <Route path="/common-room/*" element={<input aria-label="Search" />} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { wrapper: queryWrapper(noContent()) },
  );
}

describe('Layout', () => {
  it('redirects a capitalised known section to lower case', async () => {
    setup('/Cafe?x=1#top');
    expect(await screen.findByRole('heading', { name: 'Cafe page' })).toBeInTheDocument();
    expect(probe.pathname).toBe('/cafe');
    expect(probe.search).toBe('?x=1');
  });

  it('does not redirect while an input is focused', async () => {
    setup('/common-room/a');
    screen.getByRole('textbox', { name: 'Search' }).focus();
    await act(async () => probe.navigate?.('/COMMON-ROOM/b'));
    expect(probe.pathname).toBe('/COMMON-ROOM/b');
    // The same path with nothing focused is redirected.
    screen.getByRole('textbox', { name: 'Search' }).blur();
    await act(async () => probe.navigate?.('/Common-Room/c'));
    expect(probe.pathname).toBe('/common-room/c');
  });

  it('has a skip link and the main navigation with every section', () => {
    setup('/cafe');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(expect.arrayContaining(['CAFE', 'COCKTAILS', 'BEER', 'KITCHENS', 'HALL', 'COMMUNITY', 'THE COMMON ROOM']));
    expect(screen.getByRole('link', { name: 'CAFE' })).toHaveAttribute('aria-current', 'page');
  });
});
