import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@croft/router';
import { useState } from 'react';
import { MenuOverlay } from './menu-overlay';
import { MENUS, formatPounds, type MenuPage } from './menu-data';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function Harness({ page }: { page: MenuPage }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        again
      </button>
      <MenuOverlay page={page} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function renderOverlay(page: MenuPage) {
  return render(
    <MemoryRouter initialEntries={[`/${page === 'common-room' ? 'common-room/main' : page}`]}>
      <Routes>
        <Route path="*" element={<Harness page={page} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('MenuOverlay', () => {
  it('lists every section and item with prices as £0.00', () => {
    renderOverlay('cafe');
    const dialog = screen.getByRole('dialog', { name: 'Cafe menu' });
    for (const section of MENUS.cafe.sections) {
      expect(within(dialog).getByRole('heading', { name: section.title, level: 3 })).toBeInTheDocument();
    }
    const flatWhite = within(dialog).getByText('Flat white').closest('li') as HTMLElement;
    expect(flatWhite).toHaveTextContent('£3.80');
    expect(flatWhite).toHaveTextContent('velvety milk');
    const prices = within(dialog).getAllByText(/^£\d+\.\d{2}$/);
    const priced = MENUS.cafe.sections.flatMap((s) => s.items).filter((i) => i.price !== undefined);
    expect(prices.map((p) => p.textContent)).toEqual(priced.map((i) => formatPounds(i.price as number)));
  });

  it('email items are mailto links', () => {
    renderOverlay('hall');
    const link = within(screen.getByRole('dialog', { name: 'The Hall' })).getByRole('link', { name: 'events@croftcommon.co.uk' });
    expect(link).toHaveAttribute('href', 'mailto:events@croftcommon.co.uk');
  });

  it('link items are router links; following one closes the menu', async () => {
    renderOverlay('community');
    const dialog = screen.getByRole('dialog', { name: 'Community' });
    const fund = within(dialog).getByRole('link', { name: 'The Common Good fund' });
    expect(fund).toHaveAttribute('href', '/common-good');
    await userEvent.click(fund);
    expect(screen.getByTestId('where')).toHaveTextContent('/common-good');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("takes the page's accent", () => {
    renderOverlay('cocktails');
    expect(screen.getByRole('dialog', { name: 'Cocktails' })).toHaveClass('cc-section-cocktails');
  });

  it("common-room: 'Take a look' goes to /calendar", async () => {
    renderOverlay('common-room');
    const dialog = screen.getByRole('dialog', { name: 'The Common Room' });
    const look = within(dialog).getByRole('link', { name: 'Take a look' });
    expect(look).toHaveAttribute('href', '/calendar');
    await userEvent.click(look);
    expect(screen.getByTestId('where')).toHaveTextContent('/calendar');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("common-room: 'Common membership' opens the membership dialog; closing it returns to the menu", async () => {
    const user = userEvent.setup();
    renderOverlay('common-room');
    const menu = screen.getByRole('dialog', { name: 'The Common Room' });
    const trigger = within(menu).getByRole('button', { name: 'Common membership' });
    await user.click(trigger);
    const info = await screen.findByRole('dialog', { name: 'Common membership' });
    expect(info).toHaveTextContent('Free, with the newsletter');
    expect(info).toHaveTextContent('Common Cook Book');
    expect(info).toHaveTextContent('newsletter form at the foot of any page');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Common membership' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'The Common Room' })).toHaveAttribute('open');
    expect(trigger).toHaveFocus();
  });

  it('other pages have no membership or calendar actions', () => {
    renderOverlay('beer');
    expect(screen.queryByRole('button', { name: 'Common membership' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Take a look' })).toBeNull();
  });

  it('refuses an unknown page type', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderOverlay('bar' as MenuPage)).toThrow(/no menu for page type 'bar'/);
    error.mockRestore();
  });
});
