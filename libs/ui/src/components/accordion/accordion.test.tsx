import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Accordion } from './accordion';

const items = [
  { id: 'dogs', title: 'Are dogs welcome?', content: 'Yes, on the ground floor.' },
  { id: 'book', title: 'Can I book a table?', content: 'Use the BOOK button.' },
  { id: 'late', title: 'How late are you open?', content: 'Until midnight at weekends.' },
];

const trigger = (name: string) => screen.getByRole('button', { name });

describe('Accordion', () => {
  it('starts closed; a title toggles its labelled region', async () => {
    render(<Accordion items={items} />);
    const t = trigger('Are dogs welcome?');
    expect(t).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).toBeNull();
    await userEvent.click(t);
    expect(t).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Are dogs welcome?' });
    expect(region).toHaveTextContent('Yes, on the ground floor.');
    expect(t).toHaveAttribute('aria-controls', region.id);
    await userEvent.click(t);
    expect(t).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('wraps each title in a heading of the chosen level', () => {
    render(<Accordion items={items} headingLevel={2} />);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
  });

  it('lets several be open, or only one with `single`', async () => {
    const { unmount } = render(<Accordion items={items} />);
    await userEvent.click(trigger('Are dogs welcome?'));
    await userEvent.click(trigger('Can I book a table?'));
    expect(screen.getAllByRole('region')).toHaveLength(2);
    unmount();

    render(<Accordion items={items} single />);
    await userEvent.click(trigger('Are dogs welcome?'));
    await userEvent.click(trigger('Can I book a table?'));
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(trigger('Are dogs welcome?')).toHaveAttribute('aria-expanded', 'false');
    expect(trigger('Can I book a table?')).toHaveAttribute('aria-expanded', 'true');
  });

  it('works from the keyboard: Enter/Space toggle, arrows/Home/End move', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.tab();
    expect(trigger('Are dogs welcome?')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trigger('Are dogs welcome?')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(trigger('Can I book a table?')).toHaveFocus();
    await user.keyboard(' ');
    expect(trigger('Can I book a table?')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{End}');
    expect(trigger('How late are you open?')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(trigger('Are dogs welcome?')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(trigger('How late are you open?')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(trigger('Are dogs welcome?')).toHaveFocus();
  });

  it('opens defaultOpenIds and reports changes', async () => {
    const onOpenChange = vi.fn();
    render(<Accordion items={items} defaultOpenIds={['late']} onOpenChange={onOpenChange} />);
    expect(screen.getByRole('region', { name: 'How late are you open?' })).toBeInTheDocument();
    await userEvent.click(trigger('Are dogs welcome?'));
    expect(onOpenChange).toHaveBeenLastCalledWith(['late', 'dogs']);
  });

  it('can be controlled', async () => {
    function Controlled() {
      const [open, setOpen] = useState<string[]>([]);
      return (
        <>
          <p>open: {open.join(',')}</p>
          <Accordion items={items} openIds={open} onOpenChange={setOpen} single />
        </>
      );
    }
    render(<Controlled />);
    await userEvent.click(trigger('Can I book a table?'));
    expect(screen.getByText('open: book')).toBeInTheDocument();
    expect(trigger('Can I book a table?')).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the empty message when there are no items, or nothing', () => {
    const { container, rerender } = render(<Accordion items={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Accordion items={[]} emptyMessage="No questions yet." />);
    expect(screen.getByText('No questions yet.')).toBeInTheDocument();
  });
});
