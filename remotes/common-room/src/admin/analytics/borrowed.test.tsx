import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Borrowed } from './borrowed';

const columns = [
  { label: 'Figure', value: (r: { name: string; value: number }) => r.name },
  { label: 'Count', value: (r: { name: string; value: number }) => r.value, numeric: true },
];

describe('a figure borrowed from another service', () => {
  it('is its table when the service answered', () => {
    render(<Borrowed figure="cinema" caption="Cinema bookings" empty="" rows={[{ name: 'Bookings', value: 21 }]} columns={columns} />);
    const table = screen.getByRole('table', { name: 'Cinema bookings' });
    expect(within(table).getByRole('rowheader', { name: 'Bookings' })).toBeInTheDocument();
    expect(screen.queryByText(/not connected/)).not.toBeInTheDocument();
  });

  it('says, under the table’s name, which service is not connected when the figure is null', () => {
    const { container } = render(<Borrowed figure="unlocks" caption="Gate unlocks by method" empty="No gates opened in this range yet." rows={null} columns={columns} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container.querySelector('.an-block__title')).toHaveTextContent(/^Gate unlocks by method$/);
    expect(container.querySelector('.an-muted')).toHaveTextContent(/^Not available: the identity service is not connected here\.$/);
  });
});
