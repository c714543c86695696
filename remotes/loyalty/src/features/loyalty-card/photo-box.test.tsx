import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoyaltyEntry } from '@croft/contracts';
import { PhotoBox, type PhotoBoxProps } from './photo-box';

const entry: LoyaltyEntry = {
  id: 'e'.repeat(24),
  card_id: 'c'.repeat(24),
  index: 3,
  kind: 'punch',
  created_at: '2026-11-20T09:15:00.000Z',
  signedUrl: '/blobs/photo.webp',
  thumbUrl: '/blobs/photo-thumb.webp',
};

function box(props: Partial<PhotoBoxProps> = {}) {
  const handlers = { onChoose: vi.fn(), onRetry: vi.fn(), onDismiss: vi.fn(), onDelete: vi.fn() };
  render(
    <ol>
      <PhotoBox box={3} kind="punch" entry={undefined} upload={undefined} locked={false} busy={false} {...handlers} {...props} />
    </ol>,
  );
  return handlers;
}

describe('PhotoBox', () => {
  it('empty: a camera picker named for its box', async () => {
    const { onChoose } = box();
    const picker = screen.getByLabelText('Add photo to box 3');
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).toHaveAttribute('accept', 'image/*');
    expect(picker).toHaveAttribute('capture', 'environment');
    expect(picker).toHaveAccessibleDescription('Take a photo');
    const file = new File(['x'], 'IMG_1.jpg', { type: 'image/jpeg' });
    await userEvent.upload(picker, file);
    expect(onChoose).toHaveBeenCalledWith(3, file);
  });

  it('locked: disabled, with the words and a lock', () => {
    box({ box: 7, kind: 'reward', locked: true });
    expect(screen.getByLabelText('Add photo to box 7')).toBeDisabled();
    expect(screen.getByLabelText('Add photo to box 7')).toHaveAccessibleDescription('Locked until six punches');
    expect(screen.getByRole('listitem').querySelector('svg')).not.toBeNull();
  });

  it('filled: a lazy thumbnail sized for the box, and a delete button reachable by keyboard', async () => {
    const { onDelete } = box({ entry });
    const img = screen.getByRole('img', { name: /Your punch photo in box 3/ });
    expect(img).toHaveAttribute('src', entry.thumbUrl);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '320');
    expect(img).toHaveAttribute('sizes');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete photo in box 3' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledWith(entry);
  });

  it('sending: a progress bar with its value, then "Processing…" until the service answers', () => {
    const photo = new Blob(['x']);
    const { unmount } = render(
      <ol>
        <PhotoBox box={4} kind="punch" entry={undefined} upload={{ phase: 'uploading', progress: 0.4, photo }} locked={false} busy={false} onChoose={vi.fn()} onRetry={vi.fn()} onDismiss={vi.fn()} onDelete={vi.fn()} />
      </ol>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo to box 4' });
    expect(bar).toHaveAttribute('value', '0.4');
    expect(screen.getByText('40%')).toBeInTheDocument();
    unmount();
    box({ box: 4, upload: { phase: 'processing', photo } });
    expect(screen.getByText('Processing…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Processing photo in box 4');
  });

  it('failed: its title, Retry and Cancel', async () => {
    const { onRetry, onDismiss } = box({ upload: { phase: 'failed', photo: new Blob(['x']), title: 'Upload failed', message: null } });
    expect(screen.getByText('Upload failed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry upload to box 3' }));
    expect(onRetry).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload to box 3' }));
    expect(onDismiss).toHaveBeenCalledWith(3);
  });
});
