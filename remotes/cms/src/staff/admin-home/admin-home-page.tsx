import { Link } from '@croft/router';
import type { AdminPanel } from '@croft/contracts/remotes';
import { PageFrame } from '@croft/ui';
import { mayOpen, rolesInWords, STAFF_ACCESS, type StaffAccess } from '../access';
import { useStaffSession } from '../session';
import { SignOutButton } from '../guard/sign-out-button';
import { AnalyticsView, analyticsPanelIn } from './analytics-view';
import './admin-home-page.css';

/** A staff screen on the home: where it is (none yet: coming), who may open it, one line. */
export interface StaffScreen {
  title: string;
  /** null while the screen is still to come. */
  to: string | null;
  description: string;
  access: StaffAccess;
}

/** The staff screens this remote and its neighbours already have, and the ones on their way. */
export const STAFF_SCREENS: readonly StaffScreen[] = [
  { title: 'People', to: '/admin/people', description: 'Who may edit, use the staff screens or grant roles.', access: 'admin' },
  { title: 'Audit log', to: '/admin/audit', description: 'Who changed, published or granted what, and when.', access: 'admin' },
  { title: 'Content management', to: '/cms', description: 'Edit page text, FAQs and images across Croft Common.', access: 'cms' },
  { title: 'Secret words', to: '/cms/secret-words', description: 'The beer words members are given, and their order.', access: 'secretWords' },
  { title: 'Secret Kitchens admin', to: '/secretkitchenadmin', description: 'Who may sign in to Secret Kitchens.', access: 'staff' },
  { title: 'Member analytics', to: '/admin/member-analytics', description: 'How members use the site.', access: 'staff' },
  { title: 'Member analytics (legacy)', to: '/admin/member-analytics-legacy', description: 'The earlier member reports.', access: 'staff' },
];

function Card({ title, to, description }: { title: string; to: string | null; description: string }) {
  return (
    <li className={to ? 'cms-admin-card' : 'cms-admin-card cms-admin-card--soon'}>
      <h3 className="cms-admin-card__title">
        {to ? (
          <Link to={to} className="cms-admin-card__link">
            {title}
          </Link>
        ) : (
          title
        )}
      </h3>
      <p>{description}</p>
      {!to && <p className="cms-admin-card__note">Coming soon</p>}
    </li>
  );
}

export interface AdminHomePageProps {
  /** The admin panels other remotes expose (from the remote registry), each loaded when opened. */
  panels: readonly AdminPanel[];
}

/**
 * /admin: the staff home. A card for each staff screen the person may open (People and the audit
 * log for admins, the CMS for editors), the screens still to come, one card per admin panel
 * another team's remote registers (loaded through federation when opened), and, when the
 * analytics team's module is registered, its site dashboard (loaded through federation here).
 */
export function AdminHomePage({ panels }: AdminHomePageProps) {
  const state = useStaffSession();
  const identity = state.status === 'signed-in' ? state.identity : null;
  const roles = identity?.roles ?? [];
  const screens = STAFF_SCREENS.filter((s) => mayOpen(roles, s.access));
  const hidden = STAFF_SCREENS.filter((s) => !mayOpen(roles, s.access));
  const analytics = analyticsPanelIn(panels);
  return (
    <PageFrame
      title="Staff area"
      section="home"
      eyebrow={identity ? `Signed in as ${identity.email}` : undefined}
      intro="Everything staff look after, in one place."
      actions={<SignOutButton />}
    >
      <section aria-labelledby="cms-admin-screens" className="cms-admin-section">
        <h2 id="cms-admin-screens">Staff screens</h2>
        <ul className="cms-admin-cards">
          {screens.map((s) => (
            <Card key={s.title} title={s.title} to={s.to} description={s.description} />
          ))}
        </ul>
        {hidden.length > 0 && (
          <ul className="cms-admin-section__note">
            {(['admin', 'cms', 'secretWords', 'staff'] as const).map((access) => {
              const titles = hidden.filter((s) => s.access === access).map((s) => s.title);
              if (titles.length === 0) return null;
              return (
                <li key={access}>
                  {titles.join(', ')}: {titles.length > 1 ? 'need' : 'needs'} the {rolesInWords(STAFF_ACCESS[access])} role.
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="cms-admin-panels" className="cms-admin-section">
        <h2 id="cms-admin-panels">From other teams</h2>
        {panels.length === 0 ? (
          <p className="cms-admin-section__note">
            No other team has added a staff screen yet. Each team's own screens appear here once their app registers
            one.
          </p>
        ) : (
          <ul className="cms-admin-cards">
            {panels.map((p) => (
              <Card key={p.id} title={p.title} to={`/admin/${p.path}`} description={p.description} />
            ))}
          </ul>
        )}
      </section>
      {analytics && (
        <section aria-labelledby="cms-admin-analytics" className="cms-admin-section">
          <h2 id="cms-admin-analytics">Site analytics</h2>
          <AnalyticsView panel={analytics} view="site" />
        </section>
      )}
    </PageFrame>
  );
}
