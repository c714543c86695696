import { describe, expect, it } from 'vitest';
import { emailAddressOf, formatPounds, isInternalHref, MENU_PAGES, MENUS, menuFor, type MenuPage } from './menu-data';

describe('formatPounds', () => {
  it.each([
    [3.8, '£3.80'],
    [4, '£4.00'],
    [12.5, '£12.50'],
    [0.5, '£0.50'],
    [1234, '£1,234.00'],
    [0, '£0.00'],
    [6.25, '£6.25'],
  ])('%s → %s', (pounds, shown) => {
    expect(formatPounds(pounds)).toBe(shown);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1, '3.8' as unknown as number])('rejects %s with a clear error', (bad) => {
    expect(() => formatPounds(bad)).toThrow(/finite, non-negative number of pounds/);
  });
});

describe('menus', () => {
  it('has a menu with sections and items for every page type', () => {
    for (const page of MENU_PAGES) {
      const menu = menuFor(page);
      expect(menu.page).toBe(page);
      expect(menu.sections.length).toBeGreaterThan(0);
      for (const section of menu.sections) {
        expect(section.id).toMatch(/^[a-z0-9-]+$/);
        expect(section.items.length).toBeGreaterThan(0);
      }
      for (const section of menu.sections) {
        expect(new Set(section.items.map((i) => i.name)).size).toBe(section.items.length);
      }
      // section ids are anchors: unique per menu
      expect(new Set(menu.sections.map((s) => s.id)).size).toBe(menu.sections.length);
    }
  });

  it('prices are pounds that format, and flat white is £3.80', () => {
    for (const menu of Object.values(MENUS)) {
      for (const item of menu.sections.flatMap((s) => s.items)) {
        if (item.price !== undefined) expect(() => formatPounds(item.price as number)).not.toThrow();
      }
    }
    const flatWhite = MENUS.cafe.sections.flatMap((s) => s.items).find((i) => i.name === 'Flat white');
    expect(flatWhite?.price).toBe(3.8);
  });

  it('email items carry an address and link items a usable href', () => {
    let emails = 0;
    for (const menu of Object.values(MENUS)) {
      for (const item of menu.sections.flatMap((s) => s.items)) {
        if (item.isEmail) {
          emails += 1;
          expect(emailAddressOf(item)).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i);
        }
        if (item.isLink) {
          expect(item.href).toBeDefined();
          expect(isInternalHref(item.href as string) || /^https?:\/\//.test(item.href as string)).toBe(true);
        }
      }
    }
    expect(emails).toBeGreaterThan(0);
    expect(MENUS.hall.sections.flatMap((s) => s.items).some((i) => i.isEmail)).toBe(true);
    expect(MENUS.community.sections.flatMap((s) => s.items).some((i) => i.isLink)).toBe(true);
  });

  it('the kitchens pizzas are the cook book pizzas', () => {
    const pizza = MENUS.kitchens.sections.find((s) => s.id === 'pizza');
    expect(pizza?.items.map((i) => i.name)).toEqual([
      'Margherita',
      'Hot honey & goat cheese',
      'Nduja & ricotta',
      'Anchovy, olive & caper',
      'Mushroom, sage & taleggio',
    ]);
    expect(MENUS.kitchens.sections.map((s) => s.title)).toEqual(['Pizza', 'Wood-fired mains', 'Sides']);
  });

  it('menuFor refuses an unknown page type', () => {
    expect(() => menuFor('bar' as MenuPage)).toThrow("no menu for page type 'bar'");
  });

  it('tells internal paths from other addresses', () => {
    expect(isInternalHref('/calendar')).toBe(true);
    expect(isInternalHref('//evil.example')).toBe(false);
    expect(isInternalHref('https://example.com')).toBe(false);
    expect(emailAddressOf({ name: 'Events', isEmail: true, href: 'mailto:events@croftcommon.co.uk' })).toBe('events@croftcommon.co.uk');
  });
});
