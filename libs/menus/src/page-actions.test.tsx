import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@croft/router';
import { CMS_EDIT_MODE_ATTRIBUTE } from '@croft/contracts';
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

describe('PageActions and the CMS edit mode mark', () => {
  it('BOOK does nothing while the document is marked as in edit mode (no prop needed)', () => {
    document.documentElement.setAttribute(CMS_EDIT_MODE_ATTRIBUTE, 'true');
    try {
      const { unmount } = renderMarked();
      expect(screen.getByRole('link', { name: 'Book a table' })).toHaveAttribute('aria-disabled', 'true');
      unmount();
    } finally {
      document.documentElement.removeAttribute(CMS_EDIT_MODE_ATTRIBUTE);
    }
  });
});

function renderMarked() {
  return render(
    <MemoryRouter initialEntries={['/cafe']}>
      <PageActions page="cafe" />
    </MemoryRouter>,
  );
}
