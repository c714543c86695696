import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@croft/router';
import { act } from 'react';
import { setEditMode, setPreviewMode } from '@croft/session';
import { PageActions } from './page-actions';
import type { MenuPage } from './menu-data';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderActions(page: MenuPage = 'cafe', editMode = false) {
  return render(
    <MemoryRouter initialEntries={[`/${page}`]}>
      <Routes>
        <Route path="*" element={<PageActions page={page} editMode={editMode} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

async function openMenu(name = 'Cafe menu') {
  const user = userEvent.setup();
  const opener = screen.getByRole('button', { name: 'Open menu' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name });
  return { user, opener, dialog };
}

describe('PageActions', () => {
  it('shows OPEN and BOOK with their names', () => {
    renderActions();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveTextContent('OPEN');
    expect(screen.getByRole('link', { name: 'Book a table' })).toHaveTextContent('BOOK');
    expect(screen.getByRole('link', { name: 'Book a table' })).toHaveAttribute('href', '/book');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('OPEN opens the page menu with focus inside it; Escape closes it and focus returns to OPEN', async () => {
    renderActions();
    const { user, opener, dialog } = await openMenu();
    expect(dialog).toHaveAttribute('open');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('heading', { name: 'Coffee' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('the close button closes the menu and focus returns to OPEN', async () => {
    renderActions('beer');
    const { user, opener, dialog } = await openMenu('Beer');
    await user.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('a click on the backdrop closes the menu; a click inside does not', async () => {
    renderActions('kitchens');
    const { user, opener, dialog } = await openMenu('Kitchens');
    await user.click(within(dialog).getByText('Margherita'));
    expect(screen.getByRole('dialog', { name: 'Kitchens' })).toHaveAttribute('open');
    await user.click(dialog); // the dialog box itself, outside the panel: the backdrop
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('BOOK navigates to /book', async () => {
    renderActions('hall');
    expect(screen.getByTestId('where')).toHaveTextContent('/hall');
    await userEvent.click(screen.getByRole('link', { name: 'Book a table' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/book');
  });

  it('BOOK does nothing in edit mode', async () => {
    renderActions('hall', true);
    const book = screen.getByRole('link', { name: 'Book a table' });
    expect(book).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(book);
    book.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/hall');
  });
});

describe('PageActions and the shared CMS edit mode', () => {
  it('BOOK does nothing while the overlay is in edit mode (no prop needed), and works again in preview and after', async () => {
    try {
      render(
        <MemoryRouter initialEntries={['/cafe']}>
          <Routes>
            <Route path="*" element={<PageActions page="cafe" />} />
          </Routes>
          <Where />
        </MemoryRouter>,
      );
      const book = screen.getByRole('link', { name: 'Book a table' });
      expect(book).not.toHaveAttribute('aria-disabled');
      act(() => setEditMode(true));
      expect(book).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(book);
      expect(screen.getByTestId('where')).toHaveTextContent('/cafe');
      act(() => setPreviewMode(true));
      expect(book).not.toHaveAttribute('aria-disabled');
      act(() => setEditMode(false));
      await userEvent.click(book);
      expect(screen.getByTestId('where')).toHaveTextContent('/book');
    } finally {
      act(() => setEditMode(false));
    }
  });
});
