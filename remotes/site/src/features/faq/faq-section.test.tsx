import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildFaqRow, contentHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createContentClient } from '@croft/api-client';
import { queryWrapper } from '@croft/query/testing';
import { FaqSection } from './faq-section';

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

  it('renders nothing, and logs, when the FAQ cannot be read', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...contentHandlers({ failWith: 500 }));
    const { container } = render(<FaqSection page="home" client={client} />, { wrapper: queryWrapper() });
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
    log.mockRestore();
  });
});
