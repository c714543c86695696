import { Route, Routes } from '@croft/router';
import { frame } from './frames';
import { SignInPage } from '../features/sign-in/sign-in-page';
import { MemberHomePage } from '../features/member-home/member-home-page';
import { ProfilePage } from '../features/profile/profile-page';

const Member = frame('member');
const LunchRun = frame('lunch-run');
const Ledger = frame('ledger');
const Dashboard = frame('dashboard');
const Moments = frame('moments');
const NotFound = frame('not-found');

/** Everything under /common-room. */
export default function CommonRoomRoutes() {
  return (
    <Routes>
      <Route index element={<SignInPage />} />
      <Route path="main" element={<MemberHomePage />} />
      <Route path="member" element={<Member />} />
      <Route path="member/lunch-run" element={<LunchRun />} />
      <Route path="member/ledger" element={<Ledger />} />
      <Route path="member/profile" element={<ProfilePage />} />
      <Route path="member/dashboard" element={<Dashboard />} />
      <Route path="member/moments" element={<Moments />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
