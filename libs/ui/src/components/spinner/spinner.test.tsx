import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a status named "Loading" by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('takes another label and size', () => {
    render(<Spinner label="Sending code" size="lg" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Sending code');
    expect(status).toHaveClass('cc-spinner--lg');
  });
});
