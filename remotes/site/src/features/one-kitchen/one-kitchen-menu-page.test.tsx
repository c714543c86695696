import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@croft/router';
import { OneKitchenMenuPage } from './one-kitchen-menu-page';
import { MENUS } from '@croft/menus';

describe('OneKitchenMenuPage', () => {
  it('shows the whole kitchens menu on the page, not in a dialog', () => {
    render(
      <MemoryRouter>
        <OneKitchenMenuPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'One Kitchen Menu' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const items = MENUS.kitchens.sections.flatMap((s) => s.items);
    for (const item of items) expect(screen.getByText(item.name)).toBeInTheDocument();
    expect(screen.getByText('Nduja & ricotta').closest('li')).toHaveTextContent('£13.50');
  });

  it('has a jump link to an anchored heading for each section', () => {
    render(
      <MemoryRouter>
        <OneKitchenMenuPage />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Menu sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Pizza', 'Wood-fired mains', 'Sides']);
    for (const link of links) {
      const id = (link.getAttribute('href') as string).slice(1);
      const target = document.getElementById(id);
      expect(target).not.toBeNull();
      expect(target?.tagName).toBe('H2');
      expect(target).toHaveTextContent(link.textContent as string);
    }
  });
});
