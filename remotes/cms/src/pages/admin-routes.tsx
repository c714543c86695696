import { Outlet, Route, Routes } from '@croft/router';
import { adminPanels, type AdminPanel } from '@croft/contracts/remotes';
import { Link } from '@croft/router';
import { PageFrame } from '@croft/ui';
import { StaffGuard } from '../staff/guard/staff-guard';
import { AdminHomePage } from '../staff/admin-home/admin-home-page';
import { AdminPanelPage } from '../staff/admin-home/admin-panel-page';
import { AnalyticsView, analyticsPanelIn } from '../staff/admin-home/analytics-view';
import { PeoplePage } from '../staff/people/people-page';
import { AuditPage } from '../staff/audit/audit-page';
import { StaffNotFound } from '../staff/not-found/staff-not-found';

/**
 * /admin/member-analytics(-legacy): the cms's own pages, showing the analytics team's module
 * (view 'members' or 'legacy', loaded through federation) in this page's frame.
 */
function MemberAnalytics({ panels, legacy = false }: { panels: readonly AdminPanel[]; legacy?: boolean }) {
  const analytics = analyticsPanelIn(panels);
  return (
    <PageFrame
      title={legacy ? 'Member analytics (legacy)' : 'Member analytics'}
      section="home"
      eyebrow={
        <Link to="/admin" className="cms-staff-link">
          Staff area
        </Link>
      }
      intro={legacy ? 'The raw tables (sessions, page views, journeys, presses), a page at a time, for staff used to the old screens.' : 'What signed-in members do.'}
    >
      {analytics ? (
        <AnalyticsView panel={analytics} view={legacy ? 'legacy' : 'members'} />
      ) : (
        <p>The analytics screens are not part of this site: no app registers them.</p>
      )}
    </PageFrame>
  );
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
        <Route path="member-analytics" element={<MemberAnalytics panels={panels} />} />
        <Route path="member-analytics-legacy" element={<MemberAnalytics panels={panels} legacy />} />
        {panels.map((panel) => (
          <Route key={panel.id} path={`${panel.path}/*`} element={<AdminPanelPage panel={panel} />} />
        ))}
        <Route path="*" element={<StaffNotFound home="/admin" />} />
      </Route>
    </Routes>
  );
}
