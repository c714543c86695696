import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSevenKey } from './use-seven-key';

function Page({ onSeven }: { onSeven: () => void }) {
  useSevenKey(onSeven);
  return <input aria-label="Email" />;
}

describe('useSevenKey', () => {
  it('fires on 7 with nothing focused, not while typing or for other keys', async () => {
    const onSeven = vi.fn();
    render(<Page onSeven={onSeven} />);
    await userEvent.keyboard('1');
    expect(onSeven).not.toHaveBeenCalled();
    await userEvent.keyboard('7');
    expect(onSeven).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('textbox', { name: 'Email' }));
    await userEvent.keyboard('7');
    expect(onSeven).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('7');
  });
});
