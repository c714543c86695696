import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NudgeButton } from './nudge-button';

describe('NudgeButton', () => {
  it("is a button named 'Nudge' that shows 'CLICK ME'", () => {
    render(<NudgeButton onClick={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Nudge' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveTextContent('CLICK ME');
    expect(button).toHaveClass('cc-nudge-button');
  });

  it('is pressed by click and by keyboard (Tab, then Enter or Space)', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    render(<NudgeButton onClick={onClick} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Nudge' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Nudge' }));
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('keeps its own name and type whatever it is given, and adds a class', () => {
    render(<NudgeButton className="extra" data-testid="nudge" />);
    const button = screen.getByTestId('nudge');
    expect(button).toHaveAccessibleName('Nudge');
    expect(button).toHaveClass('cc-nudge-button', 'extra');
  });
});
