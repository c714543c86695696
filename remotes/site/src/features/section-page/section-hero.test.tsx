import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { queryWrapper } from '@croft/query/testing';
import { SectionHero } from './section-hero';

describe('SectionHero', () => {
  afterEach(() => document.querySelectorAll('main[data-prerendered]').forEach((n) => n.remove()));

  it('renders the section\'s first image eagerly at high priority with the CMS title', () => {
    render(<SectionHero page="beer" titleId="t" />, { wrapper: queryWrapper() });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The Beer Hall');
    const img = document.querySelector('.site-hero img')!;
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(document.querySelector('.site-hero source[type="image/avif"]')?.getAttribute('srcset')).toContain('/images/beer-1-768.avif');
  });

  it('takes over the prerendered hero image itself (the same element), so it is never re-created', () => {
    const prerendered = document.createElement('main');
    prerendered.setAttribute('data-prerendered', '');
    prerendered.dataset.section = 'beer';
    prerendered.innerHTML = '<section class="site-hero"><picture class="cc-picture"><img id="server-img" alt=""></picture></section>';
    document.body.append(prerendered);
    const serverImage = document.getElementById('server-img');
    render(<SectionHero page="beer" titleId="t" />, { wrapper: queryWrapper() });
    const hero = screen.getByRole('heading', { level: 1 }).closest('section')!;
    expect(hero.querySelector('img')).toBe(serverImage);
  });

  it('ignores a prerendered hero of another page', () => {
    const prerendered = document.createElement('main');
    prerendered.setAttribute('data-prerendered', '');
    prerendered.dataset.section = 'cafe';
    prerendered.innerHTML = '<section class="site-hero"><picture class="cc-picture"><img id="cafe-img" alt=""></picture></section>';
    document.body.append(prerendered);
    render(<SectionHero page="beer" titleId="t" />, { wrapper: queryWrapper() });
    const hero = screen.getByRole('heading', { level: 1 }).closest('section')!;
    expect(hero.querySelector('#cafe-img')).toBeNull();
  });

  it('gives up the prerendered image when it fails to load: the page renders its own, which retries', async () => {
    const prerendered = document.createElement('main');
    prerendered.setAttribute('data-prerendered', '');
    prerendered.dataset.section = 'beer';
    prerendered.innerHTML = '<section class="site-hero"><picture class="cc-picture"><img id="server-img" alt=""></picture></section>';
    document.body.append(prerendered);
    const serverImage = document.getElementById('server-img')!;
    render(<SectionHero page="beer" titleId="t" />, { wrapper: queryWrapper() });
    const hero = screen.getByRole('heading', { level: 1 }).closest('section')!;
    expect(hero.querySelector('img')).toBe(serverImage);
    await act(async () => serverImage.dispatchEvent(new Event('error')));
    const own = hero.querySelector('img')!;
    expect(own).not.toBe(serverImage);
    expect(own).toHaveAttribute('fetchpriority', 'high');
  });
});
