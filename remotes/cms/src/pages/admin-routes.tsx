import { Outlet, Route, Routes } from '@croft/router';
import { adminPanels, type AdminPanel } from '@croft/contracts/remotes';
import { PageFrame } from '@croft/ui';
import { StaffGuard } from '../staff/guard/staff-guard';
import { AdminHomePage } from '../staff/admin-home/admin-home-page';
import { AdminPanelPage } from '../staff/admin-home/admin-panel-page';
import { PeoplePage } from '../staff/people/people-page';
import { AuditPage } from '../staff/audit/audit-page';
import { StaffNotFound } from '../staff/not-found/staff-not-found';

function MemberAnalytics({ legacy = false }: { legacy?: boolean }) {
  return <PageFrame title={legacy ? 'Member analytics (legacy)' : 'Member analytics'} section="home" intro="How members use the site." />;
}

/** Every other team's admin panel in the remote registry (each loaded through federation when opened). */
const REGISTERED_PANELS = adminPanels();

export interface AdminRoutesProps {
  /** The admin panels to offer (the remote registry's by default; tests pass their own). */
  panels?: readonly AdminPanel[];
}

/**
 * Everything under /admin, behind the staff guard: staff or admin for the home, member analytics
 * and the teams' panels; admin for People and the audit log. Any other path: 'Page not found'.
 */
export default function AdminRoutes({ panels: given }: AdminRoutesProps) {
  const panels = given ?? REGISTERED_PANELS;
  return (
    <Routes>
      <Route
        element={
          <StaffGuard access="admin">
            <Outlet />
          </StaffGuard>
        }
      >
        <Route path="people" element={<PeoplePage />} />
        <Route path="audit" element={<AuditPage />} />
      </Route>
      <Route
        element={
          <StaffGuard access="staff">
            <Outlet />
          </StaffGuard>
        }
      >
        <Route index element={<AdminHomePage panels={panels} />} />
        <Route path="member-analytics" element={<MemberAnalytics />} />
        <Route path="member-analytics-legacy" element={<MemberAnalytics legacy />} />
        {panels.map((panel) => (
          <Route key={panel.id} path={`${panel.path}/*`} element={<AdminPanelPage panel={panel} />} />
        ))}
        <Route path="*" element={<StaffNotFound home="/admin" />} />
      </Route>
    </Routes>
  );
}
