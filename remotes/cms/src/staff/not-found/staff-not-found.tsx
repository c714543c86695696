import { Link, useLocation } from '@croft/router';
import { PageFrame } from '@croft/ui';
import '../guard/staff-guard.css';

export const STAFF_NOT_FOUND_TITLE = 'Page not found';

export interface StaffNotFoundProps {
  /** Where the way back goes: the staff home (/admin) or content management (/cms). */
  home: '/admin' | '/cms';
}

const HOME_LABELS: Record<StaffNotFoundProps['home'], string> = {
  '/admin': 'Back to the staff home',
  '/cms': 'Back to content management',
};

/**
 * An unknown path under /admin or /cms: says so inside the staff area (never the home page in its
 * place, which would hide a mistyped or stale link) and links back to the area's home.
 */
export function StaffNotFound({ home }: StaffNotFoundProps) {
  const { pathname } = useLocation();
  return (
    <PageFrame title={STAFF_NOT_FOUND_TITLE} section="home" eyebrow="Staff area">
      <div className="cms-staff-panel">
        <p>
          There is no staff page at <strong>{pathname}</strong>. The link may be mistyped, or the page may have moved.
        </p>
        <div className="cms-staff-panel__actions">
          <Link to={home} className="cms-staff-link">
            {HOME_LABELS[home]}
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}
