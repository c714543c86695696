import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Profiler } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildFaqRow, contentHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createContentClient, type ContentClient } from '@croft/api-client';
import type { FaqRow } from '@croft/contracts';
import { createTestQueryClient, queryWrapper } from '@croft/query/testing';
import { FaqSection } from './faq-section';
import { faqQuery } from './api/get-faq';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createContentClient({ baseUrl: 'http://api.test' });

describe('FaqSection', () => {
  it('shows the page questions in order and opens an answer', async () => {
    server.use(
      ...contentHandlers({
        faq: [
          buildFaqRow({ id: '2', page: 'home', question: 'Are dogs welcome?', answer: 'Downstairs, yes.', sort_order: 2 }),
          buildFaqRow({ id: '1', page: 'home', question: 'When do you open?', answer: 'From 8am.', sort_order: 1 }),
        ],
      }),
    );
    render(<FaqSection page="home" client={client} />, { wrapper: queryWrapper() });
    expect(await screen.findByRole('heading', { name: 'Questions, answered' })).toBeInTheDocument();
    const questions = await screen.findAllByText(/\?$/);
    expect(questions.map((q) => q.textContent)).toEqual(['When do you open?', 'Are dogs welcome?']);
    await userEvent.click(screen.getByText('When do you open?'));
    expect(screen.getByText('From 8am.')).toBeVisible();
  });

  it('renders answers already read at once, in the first commit (only an arrival is deferred)', () => {
    const queries = createTestQueryClient();
    queries.setQueryData(faqQuery('beer', client).queryKey, [buildFaqRow({ id: '1', page: 'beer', question: 'Is there a beer list?', answer: 'Twelve taps.' })]);
    // What each commit put on screen (render() flushes every commit, the deferred ones too).
    const commits: (string | null)[] = [];
    render(
      <Profiler id="faq" onRender={() => commits.push(document.body.textContent)}>
        <FaqSection page="beer" client={client} />
      </Profiler>,
      { wrapper: queryWrapper(queries) },
    );
    expect(commits[0]).toContain('Is there a beer list?');
    expect(commits[0]).not.toContain('Loading questions');
  });

  it('renders answers that arrive after the page as a deferred update: the commit of their arrival keeps the spinner', async () => {
    let answer: (rows: FaqRow[]) => void = () => undefined;
    const slow = { listFaq: () => new Promise<FaqRow[]>((resolve) => (answer = resolve)) } as unknown as ContentClient;
    const commits: (string | null)[] = [];
    render(
      <Profiler id="faq" onRender={() => commits.push(document.body.textContent)}>
        <FaqSection page="cafe" client={slow} />
      </Profiler>,
      { wrapper: queryWrapper() },
    );
    expect(commits.at(-1)).toContain('Loading questions');
    const arrived = commits.length;
    await act(async () => answer([buildFaqRow({ id: '1', page: 'cafe', question: 'Is the cafe open on Sundays?', answer: 'From 9am.' })]));
    const after = commits.slice(arrived);
    // The urgent render keeps what was on screen; the list comes in a later (deferred) commit.
    expect(after[0]).toContain('Loading questions');
    expect(after.at(-1)).toContain('Is the cafe open on Sundays?');
  });

  it('renders nothing, and logs, when the FAQ cannot be read', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...contentHandlers({ failWith: 500 }));
    const { container } = render(<FaqSection page="home" client={client} />, { wrapper: queryWrapper() });
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
    log.mockRestore();
  });
});
