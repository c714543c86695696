import { EDITABLE_PAGES, GLOBAL_CMS_PAGE, type EditablePage, type TextVersion } from '@croft/contracts';
import { Link } from '@croft/router';
import { setEditMode } from '@croft/session';
import { Button, PageFrame, Spinner, useToast } from '@croft/ui';
import { useEditorActivity } from '../editing/api/get-activity';
import { usePendingDrafts } from '../editing/api/get-pending-drafts';
import { useSchedules } from '../editing/api/get-schedules';
import { useCancelSchedule } from '../editing/api/schedule-publish';
import { mayOpen } from '../staff/access';
import { SignOutButton } from '../staff/guard/sign-out-button';
import { useStaffSession } from '../staff/session';
import { visualPath } from '../visual/visual-paths';
import { formatScheduleTime, formatWhen } from '../review/london-time';
import { errorCode, problemText } from '../review/problems';
import { actorName, historyPath, PAGE_LABELS, reviewPath, sitePath, textLabel } from '../review/text-labels';
import '../staff/guard/staff-guard.css';
import './cms-home-page.css';

export const CMS_HOME_TITLE = 'Content management';

function Problem({ what, error, retry, busy }: { what: string; error: unknown; retry: () => void; busy: boolean }) {
  return (
    <div className="cms-staff-notice cms-home__problem" role="alert">
      <p>
        {what} could not be loaded. {problemText(error)}
      </p>
      <Button variant="secondary" size="sm" onClick={retry} loading={busy} loadingLabel="Loading">
        Try again
      </Button>
    </div>
  );
}

const draftsWord = (n: number) => (n === 1 ? '1 draft' : `${n} drafts`);

/** Every editable page with its count of pending drafts, a way to review them and to edit in place. */
function PagesSection() {
  const pending = usePendingDrafts();
  const counts = new Map<EditablePage, number>();
  for (const entry of pending.data ?? []) counts.set(entry.page, (counts.get(entry.page) ?? 0) + 1);
  const total = pending.data?.length ?? 0;
  return (
    <section aria-labelledby="cms-home-pages" className="cms-home__section">
      <h2 id="cms-home-pages">Pages</h2>
      {pending.isPending ? (
        <Spinner label="Loading drafts" />
      ) : pending.isError ? (
        <Problem what="The drafts" error={pending.error} retry={() => void pending.refetch()} busy={pending.isFetching} />
      ) : (
        <>
          <p className="cms-home__summary">
            {total === 0 ? (
              'No drafts are waiting: everything on the site is published.'
            ) : (
              <>
                {`${draftsWord(total)} waiting across the site. `}
                <Link to={reviewPath()} className="cms-staff-link">
                  Review and publish all
                </Link>
              </>
            )}
          </p>
          <ul className="cms-home__pages">
            {EDITABLE_PAGES.map((page) => {
              const count = counts.get(page) ?? 0;
              const name = PAGE_LABELS[page];
              return (
                <li key={page} className={count ? 'cms-home__page cms-home__page--drafts' : 'cms-home__page'}>
                  <h3 className="cms-home__page-title">{name}</h3>
                  <p className="cms-home__count">{count ? `${draftsWord(count)} waiting` : 'No drafts'}</p>
                  <div className="cms-home__links">
                    {count > 0 && (
                      <Link to={reviewPath(page)} className="cms-staff-link" aria-label={`Review ${draftsWord(count)} on ${name}`}>
                        Review {draftsWord(count)}
                      </Link>
                    )}
                    <Link to={sitePath(page)} className="cms-staff-link" onClick={() => setEditMode(true)} aria-label={`Edit in place: ${name}`}>
                      Edit in place
                    </Link>
                    <Link to={visualPath(page)} className="cms-staff-link" aria-label={`Visual editor: ${name}`}>
                      Visual editor
                    </Link>
                    {page !== GLOBAL_CMS_PAGE && (
                      <Link to={`/cms/faq/${page}`} className="cms-staff-link" aria-label={`FAQ: ${name}`}>
                        FAQ
                      </Link>
                    )}
                    {page !== GLOBAL_CMS_PAGE && (
                      <Link to={`/cms/images/${page}`} className="cms-staff-link" aria-label={`Images: ${name}`}>
                        Images
                      </Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

function SchedulesSection() {
  const { toast } = useToast();
  const schedules = useSchedules();
  const cancel = useCancelSchedule();
  const cancelOne = async (id: string, label: string) => {
    try {
      await cancel.mutateAsync(id);
      toast({ title: 'Schedule cancelled', description: `${label} stays a draft.` });
    } catch (failure) {
      toast({
        title: 'Could not cancel',
        description: errorCode(failure) === 'schedule_not_found' ? 'It already ran or was cancelled; the list has been refreshed.' : `Error: ${problemText(failure)}`,
        variant: 'destructive',
      });
    }
  };
  return (
    <section aria-labelledby="cms-home-schedules" className="cms-home__section">
      <h2 id="cms-home-schedules">Scheduled publishes</h2>
      {schedules.isPending ? (
        <Spinner label="Loading scheduled publishes" />
      ) : schedules.isError ? (
        <Problem what="Scheduled publishes" error={schedules.error} retry={() => void schedules.refetch()} busy={schedules.isFetching} />
      ) : schedules.data.length === 0 ? (
        <p className="cms-home__note">Nothing is scheduled. Schedule a draft from the review panel.</p>
      ) : (
        <ul className="cms-home__rows">
          {schedules.data.map((s) => {
            const label = textLabel(s);
            return (
              <li key={s.id} className="cms-home__row">
                <p>
                  <strong>{label}</strong>, revision {s.revision}, goes live <time dateTime={s.publish_at}>{formatScheduleTime(s.publish_at)}</time>{' '}
                  (scheduled by {actorName(s.created_by)}).
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void cancelOne(s.id, label)}
                  disabled={cancel.isPending}
                  aria-label={`Cancel schedule: ${label}`}
                >
                  Cancel schedule
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** 'Published revision 4' / 'Saved draft revision 5'. */
function whatHappened(v: TextVersion): { who: string; what: string; when: string } {
  if (v.published && v.published_at) {
    return { who: actorName(v.published_by ?? v.created_by), what: `published revision ${v.revision} of`, when: v.published_at };
  }
  return { who: actorName(v.created_by), what: `saved draft revision ${v.revision} of`, when: v.updated_at };
}

function ActivitySection() {
  const activity = useEditorActivity();
  return (
    <section aria-labelledby="cms-home-activity" className="cms-home__section">
      <h2 id="cms-home-activity">Recent changes</h2>
      {activity.isPending ? (
        <Spinner label="Loading recent changes" />
      ) : activity.isError ? (
        <Problem what="Recent changes" error={activity.error} retry={() => void activity.refetch()} busy={activity.isFetching} />
      ) : activity.data.length === 0 ? (
        <p className="cms-home__note">No changes yet.</p>
      ) : (
        <ol className="cms-home__rows">
          {activity.data.map((v) => {
            const { who, what, when } = whatHappened(v);
            const label = textLabel(v);
            return (
              <li key={v.id} className="cms-home__row">
                <p>
                  <time dateTime={when}>{formatWhen(when)}</time>: {who} {what} <strong>{label}</strong>.
                </p>
                <Link to={historyPath(v)} className="cms-staff-link" aria-label={`History: ${label}`}>
                  History
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** /cms: the editor's home. Pages and their pending drafts, scheduled publishes, recent changes. */
export function CmsHomePage() {
  const state = useStaffSession();
  const identity = state.status === 'signed-in' ? state.identity : null;
  // /admin is for staff and admins: a plain editor would only meet 'Not authorised' there.
  const staffHome = identity !== null && mayOpen(identity.roles, 'staff');
  return (
    <PageFrame
      title={CMS_HOME_TITLE}
      section="home"
      eyebrow={identity ? `Signed in as ${identity.email}` : 'Staff area'}
      intro="Edit the site's text in place, then review and publish it here."
      actions={
        <>
          <Link to={reviewPath()} className="cms-staff-link">
            Review and publish
          </Link>
          <Link to="/cms/secret-words" className="cms-staff-link">
            Secret words
          </Link>
          {staffHome && (
            <Link to="/admin" className="cms-staff-link">
              Staff home
            </Link>
          )}
          <SignOutButton />
        </>
      }
    >
      <div className="cms-home">
        <PagesSection />
        <SchedulesSection />
        <ActivitySection />
      </div>
    </PageFrame>
  );
}
