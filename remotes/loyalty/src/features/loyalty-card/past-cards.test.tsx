import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { PastCards } from './past-cards';

describe('PastCards', () => {
  it('lists each completed card: its type, its dates in London, and its photos', () => {
    render(
      <PastCards
        cards={[
          // 23:30 UTC on 24 October 2026 is already the 25th in London (summer time, UTC+1).
          { id: 'a'.repeat(24), card_type: 'lucky7', created_at: '2026-10-01T08:00:00.000Z', completed_at: '2026-10-24T23:30:00.000Z', entries: 7 },
          { id: 'b'.repeat(24), card_type: 'regular', created_at: '2026-01-05T10:00:00.000Z', completed_at: '2026-02-01T12:00:00.000Z', entries: 1 },
        ]}
      />,
    );
    const [lucky, regular] = within(screen.getByRole('list', { name: 'Past cards' })).getAllByRole('listitem');
    expect(lucky).toHaveTextContent('Lucky 7 card');
    expect(lucky).toHaveTextContent('Started 1 Oct 2026, completed 25 Oct 2026');
    expect(lucky).toHaveTextContent('7 photos');
    expect(regular).toHaveTextContent('Regular card');
    expect(regular).toHaveTextContent('Started 5 Jan 2026, completed 1 Feb 2026');
    expect(regular).toHaveTextContent('1 photo');
  });

  it('shows nothing before the first card is completed', () => {
    const { container } = render(<PastCards cards={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
