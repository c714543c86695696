import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter, Route, Routes } from '@croft/router';
import CommonRoomRoutes from './common-room-routes';
import { frame } from './frames';

function AtPath({ path }: { path: string }) {
  const ManageEvent = frame('manage-event');
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/common-room/*" element={<CommonRoomRoutes />} />
        <Route path="/manage-event/:token" element={<ManageEvent />} />
      </Routes>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Common Room/Pages',
  component: AtPath,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AtPath>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignIn: Story = { args: { path: '/common-room' } };
export const Main: Story = { args: { path: '/common-room/main' } };
export const Ledger: Story = { args: { path: '/common-room/member/ledger' } };
export const ManageEvent: Story = { args: { path: '/manage-event/spring-supper-club' } };
export const UnknownMemberPage: Story = { args: { path: '/common-room/member/nope' } };
