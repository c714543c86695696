import type { AdminPanelProps } from '@croft/contracts/remotes';
import { Link } from '@croft/router';
import { PageFrame } from '@croft/ui';
import { LegacyTables } from './legacy-tables';
import { MemberAnalyticsScreen } from './member-analytics';
import { SiteDashboard } from './site-dashboard';
import './analytics-admin.css';

const SCREENS = {
  site: { title: 'Site analytics', intro: 'Visits, pages, journeys and presses across the site.', Screen: SiteDashboard },
  members: { title: 'Member analytics', intro: 'What signed-in members do.', Screen: MemberAnalyticsScreen },
  legacy: { title: 'Member analytics (legacy)', intro: 'The raw tables, a page at a time, for staff used to the old screens.', Screen: LegacyTables },
} as const;

/**
 * The analytics team's admin module, loaded into /admin through federation. At /admin/analytics
 * (no view) it is a page of its own: the site dashboard in a PageFrame. Given a view, /admin mounts
 * it inside one of the cms's own pages (the staff home, /admin/member-analytics,
 * /admin/member-analytics-legacy), which frames it: it renders that screen's content only.
 */
export default function AnalyticsAdmin({ basePath, view }: AdminPanelProps) {
  const { title, intro, Screen } = SCREENS[view ?? 'site'];
  if (view) {
    return (
      <div className="an" data-base-path={basePath}>
        <Screen />
      </div>
    );
  }
  return (
    <PageFrame
      title={title}
      section="common-room"
      eyebrow={
        <Link to="/admin" className="an-link">
          Staff area
        </Link>
      }
      intro={intro}
    >
      <div className="an" data-base-path={basePath}>
        <Screen />
      </div>
    </PageFrame>
  );
}
