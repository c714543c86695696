import { Route, Routes } from '@croft/router';
import { PageFrame } from '@croft/ui';

function AdminHome() {
  return <PageFrame title="Admin" section="home" intro="Push nudges, analytics and Secret Kitchens access." />;
}
function MemberAnalytics({ legacy = false }: { legacy?: boolean }) {
  return <PageFrame title={legacy ? 'Member analytics (legacy)' : 'Member analytics'} section="home" intro="How members use the site." />;
}

/** Everything under /admin. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<AdminHome />} />
      <Route path="member-analytics" element={<MemberAnalytics />} />
      <Route path="member-analytics-legacy" element={<MemberAnalytics legacy />} />
      <Route path="*" element={<AdminHome />} />
    </Routes>
  );
}
