import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileField } from './file-field';

describe('FileField', () => {
  it('is a labelled file input that hands over the chosen file', async () => {
    const chosen = vi.fn();
    render(<FileField label="Image file" accept="image/png" hint="PNG only." onChange={(e) => chosen(e.target.files?.[0]?.name)} required />);
    const input = screen.getByLabelText(/Image file/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('PNG only.');
    await userEvent.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(chosen).toHaveBeenCalledWith('photo.png');
  });

  it('an error marks it invalid and describes it', () => {
    render(<FileField label="Image file" error="Choose an image file to upload." />);
    const input = screen.getByLabelText('Image file');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Choose an image file to upload.');
  });
});
