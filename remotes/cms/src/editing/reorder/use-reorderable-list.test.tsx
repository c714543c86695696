import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MoveButtons } from './move-buttons';
import { useReorderableList } from './use-reorderable-list';

interface Row {
  id: string;
  name: string;
}
const START: Row[] = ['a', 'b', 'c', 'd'].map((id) => ({ id, name: id.toUpperCase() }));

/** A list over a fake service: `send` decides each save's fate (resolve or reject). */
function Harness({ send, title = 'Letters' }: { send: (ids: string[]) => Promise<Row[]>; title?: string }) {
  const [stored, setStored] = useState<Row[]>(START);
  const [said, setSaid] = useState('');
  const [failed, setFailed] = useState('');
  const order = useReorderableList<Row>({
    items: stored,
    getId: (row) => row.id,
    save: send,
    onSaved: setStored,
    onError: (error) => setFailed(String(error)),
    onMove: () => setFailed(''),
    describeMove: (row, { to, count, direction }) => `${row.name} moved ${direction} to ${to + 1} of ${count}.`,
    announce: setSaid,
  });
  return (
    <section aria-label={title}>
      <p role="status">{said}</p>
      {failed && <p role="alert">{failed}</p>}
      <ol ref={order.listRef} aria-label={`${title} list`}>
        {order.rows.map((row, index) => (
          <li key={row.id} {...order.itemProps(row, index, { className: 'row' })}>
            <span>{row.name}</span>
            <MoveButtons label={row.name} {...order.moveButtons(row, index)} />
          </li>
        ))}
      </ol>
      <p data-testid={`${title}-stored`}>{stored.map((r) => r.id).join('')}</p>
    </section>
  );
}

const shown = (title = 'Letters') =>
  within(screen.getByRole('list', { name: `${title} list` }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span')?.textContent)
    .join('');
const byIds = (ids: string[]) => ids.map((id) => START.find((r) => r.id === id)!);

describe('useReorderableList + MoveButtons', () => {
  it('moves at once, announces, keeps focus on the moved row (the other button at an end) and saves', async () => {
    const send = vi.fn(async (ids: string[]) => byIds(ids));
    render(<Harness send={send} />);
    expect(screen.getByRole('button', { name: 'Move up: A' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: D' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move up: B' }));
    expect(shown()).toBe('BACD');
    expect(screen.getByRole('status')).toHaveTextContent('B moved up to 1 of 4.');
    // Move up is off at the top: focus goes to Move down of the same row.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move down: B' })).toHaveFocus());
    await waitFor(() => expect(screen.getByTestId('Letters-stored')).toHaveTextContent('bacd'));
    expect(send).toHaveBeenCalledWith(['b', 'a', 'c', 'd']);
  });

  it('moves made while a save is under way go in the next save, and the last answer wins', async () => {
    const answers: { ids: string[]; resolve: (rows: Row[]) => void }[] = [];
    const send = vi.fn((ids: string[]) => new Promise<Row[]>((resolve) => answers.push({ ids, resolve })));
    render(<Harness send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move down: A' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move down: A' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move down: A' }));
    expect(shown()).toBe('BCDA');
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => answers[0].resolve(byIds(answers[0].ids)));
    // The first answer is not shown over the newer order; the newest order is sent next.
    expect(shown()).toBe('BCDA');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(answers[1].ids).toEqual(['b', 'c', 'd', 'a']);
    await act(async () => answers[1].resolve(byIds(answers[1].ids)));
    await waitFor(() => expect(screen.getByTestId('Letters-stored')).toHaveTextContent('bcda'));
  });

  it('a refused save puts the stored order back and hands over the error', async () => {
    render(<Harness send={() => Promise.reject(new Error('order_mismatch'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move down: A' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('order_mismatch');
    expect(shown()).toBe('ABCD');
  });

  it('drags a row onto another; a row of another list is not dropped here', async () => {
    const send = vi.fn(async (ids: string[]) => byIds(ids));
    render(
      <>
        <Harness send={send} title="One" />
        <Harness send={send} title="Two" />
      </>,
    );
    const items = (title: string) => within(screen.getByRole('list', { name: `${title} list` })).getAllByRole('listitem');
    fireEvent.dragStart(items('One')[3]);
    expect(items('One')[3]).toHaveClass('row', 'is-dragging');
    fireEvent.dragOver(items('Two')[0]);
    fireEvent.drop(items('Two')[0]);
    expect(shown('Two')).toBe('ABCD');
    fireEvent.dragOver(items('One')[0]);
    expect(items('One')[0]).toHaveClass('is-drop-target');
    fireEvent.drop(items('One')[0]);
    fireEvent.dragEnd(items('One')[0]);
    expect(shown('One')).toBe('DABC');
    await waitFor(() => expect(send).toHaveBeenCalledWith(['d', 'a', 'b', 'c']));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
