import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate, type NavigateFunction } from '@croft/router';
import { createTestQueryClient, queryWrapper } from '@croft/query/testing';
import { globalTextQuery } from './api/get-brand-name';
import { TopNav } from './top-nav';

let navigate: NavigateFunction | undefined;
function Probe() {
  navigate = useNavigate();
  return null;
}

function setup() {
  const client = createTestQueryClient();
  client.setQueryData(globalTextQuery().queryKey, []);
  render(
    <MemoryRouter initialEntries={['/']}>
      <Probe />
      <TopNav />
    </MemoryRouter>,
    { wrapper: queryWrapper(client) },
  );
}

/** The page's static header (index.html), as the gateway's inline script leaves it after a tap on Menu. */
function staticHeader(open: boolean) {
  const header = document.createElement('header');
  header.innerHTML = `<button class="shell-topnav__toggle" aria-expanded="${open}" aria-controls="main-menu">${open ? 'Close' : 'Menu'}</button><nav id="main-menu" data-open="${open}"></nav>`;
  document.body.append(header);
  return header;
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
});
