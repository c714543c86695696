import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeForm } from './code-form';

function Harness({ pending = false, onVerify }: { pending?: boolean; onVerify: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <CodeForm
      aria-label="Enter verification code"
      label="6-digit code"
      code={code}
      onCodeChange={setCode}
      problem={problem}
      onProblemChange={setProblem}
      incompleteMessage="Please enter the code."
      pending={pending}
      onVerify={onVerify}
      actions={<button type="button">Send a new code</button>}
    >
      <p>We sent a code.</p>
    </CodeForm>
  );
}

describe('CodeForm', () => {
  it('refuses an incomplete code with the caller’s message, clears it on typing, then verifies the full code', async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn();
    render(<Harness onVerify={onVerify} />);
    const form = screen.getByRole('form', { name: 'Enter verification code' });
    expect(form).toContainElement(screen.getByText('We sent a code.'));
    expect(form).toContainElement(screen.getByRole('button', { name: 'Send a new code' }));

    await user.type(screen.getByLabelText(/6-digit code/), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Please enter the code.')).toBeInTheDocument();
    expect(onVerify).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/6-digit code/), '456');
    expect(screen.queryByText('Please enter the code.')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onVerify).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('does nothing while the code is being checked', async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn();
    render(<Harness pending onVerify={onVerify} />);
    await user.type(screen.getByLabelText(/6-digit code/), '123456{Enter}');
    expect(onVerify).not.toHaveBeenCalled();
  });
});
