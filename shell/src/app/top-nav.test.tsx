import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate, type NavigateFunction } from '@croft/router';
import { createTestQueryClient, queryWrapper } from '@croft/query/testing';
import { buildGlobalTextRow } from '@croft/mocks';
import { globalTextQuery } from './api/get-brand-name';
import { TopNav } from './top-nav';

// Counts the entries' renders: each wraps the router's NavLink, which renders as it does.
const entryRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@croft/router', async (importOriginal) => {
  const router = await importOriginal<typeof import('@croft/router')>();
  function CountedNavLink(props: Parameters<typeof router.NavLink>[0]) {
    entryRenders.count += 1;
    return <router.NavLink {...props} />;
  }
  return { ...router, NavLink: CountedNavLink };
});

let navigate: NavigateFunction | undefined;
function Probe() {
  navigate = useNavigate();
  return null;
}

function setup() {
  const client = createTestQueryClient();
  client.setQueryData(globalTextQuery().queryKey, []);
  entryRenders.count = 0;
  render(
    <MemoryRouter initialEntries={['/']}>
      <Probe />
      <TopNav />
    </MemoryRouter>,
    { wrapper: queryWrapper(client) },
  );
  return client;
}

/** The page's static header (index.html), as the gateway's inline script leaves it after a tap on Menu. */
function staticHeader(open: boolean) {
  const header = document.createElement('header');
  header.innerHTML = `<button class="shell-topnav__toggle" aria-expanded="${open}" aria-controls="main-menu">${open ? 'Close' : 'Menu'}</button><nav id="main-menu" data-open="${open}"></nav>`;
  document.body.append(header);
  return header;
}

/**
 * Renders TopNav (with `after` beside it) into a root that holds the static header `markup`, as
 * index.html's root does: React's first commit clears it.
 */
function renderOverStaticHeader(markup: string, after?: ReactNode) {
  const root = document.createElement('div');
  root.innerHTML = markup;
  document.body.append(root);
  const client = createTestQueryClient();
  client.setQueryData(globalTextQuery().queryKey, []);
  return {
    root,
    render: () =>
      render(
        <MemoryRouter initialEntries={['/']}>
          <Probe />
          <TopNav />
          {after}
        </MemoryRouter>,
        { container: root, wrapper: queryWrapper(client) },
      ),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('TopNav: the mobile menu', () => {
  it('starts as the static header left it: open when the visitor opened it before the shell started', () => {
    const header = staticHeader(true);
    setup();
    // The shell's render replaces the static header (here: removed by hand, as React's commit does).
    header.remove();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('main-menu')).toHaveAttribute('data-open', 'true');
  });

  it('takes a tap on the static Menu made between its first render and that render\'s commit', async () => {
    // Rendered after TopNav in the same render: the visitor's tap, answered by the inline script,
    // lands after TopNav read the static menu and before the commit.
    function TapInBetween() {
      staticNav.setAttribute('data-open', 'true');
      return null;
    }
    const page = renderOverStaticHeader(
      '<header><button class="shell-topnav__toggle" aria-expanded="false" aria-controls="main-menu">Menu</button><nav id="main-menu" data-open="false"></nav></header>',
      <TapInBetween />,
    );
    const staticNav = page.root.querySelector('nav')!;
    page.render();
    expect(staticNav.isConnected).toBe(false);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('main-menu')).toHaveAttribute('data-open', 'true');
    // …and it is the shell's menu from then on: a navigation closes it.
    await act(async () => navigate?.('/beer'));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['the Menu toggle', 'button', { name: 'Menu' }],
    ['an entry', 'link', { name: 'BEER' }],
  ] as const)('keeps keyboard focus on %s when the shell replaces the static header', (_, role, name) => {
    const page = renderOverStaticHeader(
      '<header><a class="shell-topnav__brand" href="/">Croft Common</a><button class="shell-topnav__toggle" aria-expanded="false" aria-controls="main-menu">Menu</button>' +
        '<nav id="main-menu" data-open="false"><ul><li><a href="/beer">BEER</a></li></ul></nav></header>',
    );
    const focused = role === 'button' ? page.root.querySelector('button')! : page.root.querySelector<HTMLElement>('a[href="/beer"]')!;
    focused.focus();
    page.render();
    expect(focused.isConnected).toBe(false);
    expect(screen.getByRole(role, name)).toHaveFocus();
  });

  it('leaves focus alone when it was not in the static header', () => {
    const root = document.createElement('div');
    root.innerHTML = '<header><button class="shell-topnav__toggle" aria-expanded="false" aria-controls="main-menu">Menu</button><nav id="main-menu" data-open="false"></nav></header>';
    const field = document.createElement('input');
    document.body.append(root, field);
    field.focus();
    setup();
    expect(field).toHaveFocus();
  });

  it('starts closed otherwise, opens and closes on the toggle', async () => {
    staticHeader(false).remove();
    setup();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the page changes, not on its first render', async () => {
    const header = staticHeader(true);
    setup();
    header.remove();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await act(async () => navigate?.('/beer'));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("renders the seven entries once: opening the menu and the brand name's arrival render only the header around them", async () => {
    staticHeader(false).remove();
    const client = setup();
    expect(entryRenders.count).toBe(7);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await act(async () => {
      client.setQueryData(globalTextQuery().queryKey, [buildGlobalTextRow({ content_value: 'The Croft' })]);
    });
    expect(screen.getByRole('link', { name: 'The Croft, home' })).toBeInTheDocument();
    expect(entryRenders.count).toBe(7);
    // A new page does render them (the current one is marked).
    await act(async () => navigate?.('/beer'));
    expect(entryRenders.count).toBeGreaterThan(7);
  });
});
