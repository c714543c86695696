import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { GLOBAL_TEXT_DEFAULTS, PAGE_TEXT_DEFAULTS } from '@croft/contracts';
import { buildCmsTextRow, buildGlobalTextRow, contentHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createContentClient } from '@croft/api-client';
import { queryWrapper } from '@croft/query/testing';
import { CmsText, positioningClasses } from './cms-text';
import { usePageText } from './api/get-page-text';
import { useGlobalText } from './api/get-global-text';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Each test renders inside its own fresh QueryClient (queryWrapper), so no text is cached across tests.
const newClient = () => createContentClient({ baseUrl: 'http://api.test' });

describe('CmsText', () => {
  it('shows the bundled text at once, then the published row from the service', async () => {
    server.use(
      ...contentHandlers({
        pageText: [
          buildCmsTextRow({ page: 'cafe', section: 'hero', content_key: 'title', content_data: { text: 'The Cafe, from the CMS' }, updated_at: '2025-02-01T00:00:00.000Z' }),
          buildCmsTextRow({ page: 'cafe', section: 'hero', content_key: 'title', content_data: { text: 'A newer draft' }, published: false, updated_at: '2025-03-01T00:00:00.000Z' }),
        ],
      }),
    );
    render(<CmsText page="cafe" section="hero" contentKey="title" as="h1" client={newClient()} />, { wrapper: queryWrapper() });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(PAGE_TEXT_DEFAULTS.cafe.hero.title);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Cafe, from the CMS' })).toBeInTheDocument();
    expect(screen.queryByText('A newer draft')).not.toBeInTheDocument();
  });

  it('falls back to the bundled text per key when the database lacks a row', async () => {
    server.use(
      ...contentHandlers({
        pageText: [buildCmsTextRow({ page: 'beer', section: 'hero', content_key: 'title', content_data: { text: 'Beer from the CMS' } })],
      }),
    );
    const client = newClient();
    render(
      <>
        <CmsText page="beer" section="hero" contentKey="title" as="h2" client={client} />
        <CmsText page="beer" section="about" contentKey="body" client={client} />
      </>,
      { wrapper: queryWrapper() },
    );
    expect(await screen.findByRole('heading', { name: 'Beer from the CMS' })).toBeInTheDocument();
    expect(screen.getByText(PAGE_TEXT_DEFAULTS.beer.about.body)).toBeInTheDocument();
  });

  it('logs a failed read, shows the bundled text and asks only once per page', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    server.use(
      http.get('*/api/content/pages/:page/text', () => {
        calls += 1;
        return HttpResponse.json({ error: { code: 'internal_error', message: 'Something went wrong' } }, { status: 500 });
      }),
    );
    const client = newClient();
    const wrapper = queryWrapper();
    const { unmount } = render(<CmsText page="hall" section="about" contentKey="heading" as="h2" client={client} />, { wrapper });
    await waitFor(() => expect(log).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('heading')).toHaveTextContent(PAGE_TEXT_DEFAULTS.hall.about.heading);
    unmount();
    render(<CmsText page="hall" section="hero" contentKey="title" as="h1" client={client} />, { wrapper });
    render(<CmsText page="hall" section="hero" contentKey="subtitle" client={client} />, { wrapper });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(PAGE_TEXT_DEFAULTS.hall.hero.title);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(1);
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('applies the positioning object as classes and keeps line breaks', async () => {
    server.use(
      ...contentHandlers({
        pageText: [
          buildCmsTextRow({
            page: 'kitchens',
            section: 'details',
            content_key: 'body',
            content_data: {
              text: 'Noon to 9.30pm\nSunday roast from noon',
              positioning: { alignment: 'right', containerPosition: 'page-center', marginTop: '8', marginBottom: '0', marginLeft: '2', marginRight: '4' },
            },
          }),
        ],
      }),
    );
    render(<CmsText page="kitchens" section="details" contentKey="body" client={newClient()} className="extra" />, { wrapper: queryWrapper() });
    // The bundled text shows first (it mentions the Sunday roast too); wait for the published row.
    const text = await screen.findByText(/^Noon to 9\.30pm/);
    expect(text.textContent).toBe('Noon to 9.30pm\nSunday roast from noon');
    expect(text.tagName).toBe('P');
    expect([...text.classList]).toEqual([
      'cms-text',
      'cms-text--align-right',
      'cms-text--page-center',
      'cms-text--mt-8',
      'cms-text--mb-0',
      'cms-text--ml-2',
      'cms-text--mr-4',
      'extra',
    ]);
    expect(text).toHaveAttribute('data-cms-section', 'details');
  });

  it('renders nothing for a key that exists nowhere', async () => {
    server.use(...contentHandlers({ pageText: [] }));
    const { container } = render(<CmsText page="home" section="nowhere" contentKey="title" client={newClient()} />, { wrapper: queryWrapper() });
    await new Promise((r) => setTimeout(r, 10));
    expect(container).toBeEmptyDOMElement();
  });
});

describe('positioningClasses', () => {
  it('leaves default placement and missing fields out', () => {
    expect(positioningClasses(undefined)).toEqual(['cms-text']);
    expect(positioningClasses({ containerPosition: 'default', alignment: 'left' })).toEqual(['cms-text', 'cms-text--align-left']);
    expect(positioningClasses({ containerPosition: 'page-left' })).toEqual(['cms-text', 'cms-text--page-left']);
  });
});

describe('usePageText and useGlobalText', () => {
  it('reads the whole page in one request and resolves every key', async () => {
    server.use(...contentHandlers());
    const client = newClient();
    const wrapper = queryWrapper();
    const { result } = renderHook(() => usePageText('community', client), { wrapper });
    expect(result.current.ready).toBe(false);
    expect(result.current.text('hero', 'title')).toBe(PAGE_TEXT_DEFAULTS.community.hero.title);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.text('details', 'body')).toBe(PAGE_TEXT_DEFAULTS.community.details.body);
    expect(result.current.text('missing', 'key')).toBe('');
    // A later mount in the same QueryClient is ready at once.
    const again = renderHook(() => usePageText('community', client), { wrapper });
    expect(again.result.current.ready).toBe(true);
  });

  it('gives the brand name from global content, with the bundled fallback', async () => {
    server.use(...contentHandlers({ globalText: [buildGlobalTextRow({ content_key: 'brand_name', content_value: 'CROFT COMMON' })] }));
    const client = newClient();
    const { result } = renderHook(() => useGlobalText(client), { wrapper: queryWrapper() });
    expect(result.current.text('brand_name')).toBe('Croft Common');
    await waitFor(() => expect(result.current.text('brand_name')).toBe('CROFT COMMON'));
    expect(result.current.text('tagline')).toBe(GLOBAL_TEXT_DEFAULTS.tagline);

    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...contentHandlers({ failures: { globalText: 503 } }));
    const failingClient = newClient();
    const failed = renderHook(() => useGlobalText(failingClient), { wrapper: queryWrapper() });
    await waitFor(() => expect(failed.result.current.ready).toBe(true));
    expect(failed.result.current.text('brand_name')).toBe('Croft Common');
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
