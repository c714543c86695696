import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { buildSession, cinemaHandlers, identityHandlers } from '@croft/mocks';
import { MemoryRouter } from '@croft/router';
import CinemaAdmin from './cinema-admin';
import { signedInFor } from '@croft/session/testing';

function AtPath() {
  return (
    <MemoryRouter initialEntries={['/admin/cinema']}>
      <CinemaAdmin basePath="/admin/cinema" />
    </MemoryRouter>
  );
}

const meta = {
  title: 'Cinema/Staff panel',
  component: AtPath,
  parameters: { layout: 'fullscreen', msw: { handlers: [...cinemaHandlers(), ...identityHandlers()] } },
  beforeEach: signedInFor(buildSession({ email: 'door@croftcommon.co.uk', roles: ['staff'] })),
} satisfies Meta<typeof AtPath>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TheScreening: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('27 sold · 23 left · 3 in')).toBeVisible();
  },
};

export const CheckInAtTheDoor: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Ticket number/ }), '7');
    await userEvent.click(canvas.getByRole('button', { name: 'Check in' }));
    await expect(await canvas.findByText('Ticket #7: welcome, Tim Berners-Lee.')).toBeVisible();
  },
};

export const Cancelled: Story = {
  parameters: { msw: { handlers: [...cinemaHandlers({ world: 'cancelled' }), ...identityHandlers()] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Cancelled: The projector is away for repair\./)).toBeVisible();
  },
};
