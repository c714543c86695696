import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import {
  IDENTITY_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  setRolesRequestSchema,
  type IdentityRole,
  type Person,
  type SetRolesRequest,
} from '@croft/contracts';
import { Link } from '@croft/router';
import { Button, PageFrame, Spinner, useToast, VisuallyHidden } from '@croft/ui';
import { Checkbox, TextField } from '@croft/ui/forms';
import { MFA_SETUP_PATH } from '../access';
import { usePeople, useSetRoles } from '../api/people';
import { errorCode, errorMessage } from '../api/staff-client';
import { useStaffSession } from '../session';
import '../guard/staff-guard.css';
import './people-page.css';

export const PEOPLE_TITLE = 'People';

/** The roles in the contract's order, whatever order they were ticked in. */
function ordered(roles: Iterable<IdentityRole>): IdentityRole[] {
  const set = new Set(roles);
  return IDENTITY_ROLES.filter((r) => set.has(r));
}

function rolesText(roles: readonly IdentityRole[]): string {
  return roles.length ? roles.map((r) => ROLE_LABELS[r]).join(', ') : 'no roles';
}

/** A request the contract refuses, in its own words ('email: must be an email address'). */
function contractProblem(request: SetRolesRequest): string | null {
  const result = z.safeParse(setRolesRequestSchema, request);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const where = issue?.path.map(String).join('.') || 'request';
  return `${where[0]?.toUpperCase() ?? ''}${where.slice(1)} ${issue?.message ?? 'is not valid'}.`;
}

interface Problem {
  code: string | null;
  message: string;
}

function ProblemNotice({ problem }: { problem: Problem }) {
  return (
    <div role="alert" className="cms-staff-notice cms-people__problem">
      <p>{problem.message}</p>
      {problem.code === 'aal2_required' && (
        <p>
          Changing roles needs your authenticator app.{' '}
          <Link to={MFA_SETUP_PATH} className="cms-staff-link">
            Set up an authenticator app on your profile
          </Link>
          , then sign out and sign in again with it.
        </p>
      )}
    </div>
  );
}

function PersonRow({
  person,
  busy,
  onChange,
}: {
  person: Person;
  busy: boolean;
  onChange: (person: Person, roles: IdentityRole[]) => void;
}) {
  return (
    <tr aria-busy={busy || undefined}>
      <th scope="row" className="cms-people__email">
        {person.email}
        {person.protected_admin && <span className="cms-people__badge">First admin</span>}
      </th>
      {IDENTITY_ROLES.map((role) => {
        const locked = role === 'admin' && person.protected_admin;
        return (
          <td key={role}>
            <Checkbox
              label={<VisuallyHidden>{`${ROLE_LABELS[role]}: ${person.email}`}</VisuallyHidden>}
              checked={person.roles.includes(role)}
              disabled={busy || locked}
              title={locked ? 'The site’s first admin (ADMIN_EMAIL) is always an admin.' : undefined}
              onChange={(e) =>
                onChange(person, ordered(e.target.checked ? [...person.roles, role] : person.roles.filter((r) => r !== role)))
              }
            />
          </td>
        );
      })}
      <td>{person.mfa ? 'On' : 'Off'}</td>
      <td>{person.user_id === null ? 'Pending: roles apply at first sign-in' : 'Signed in before'}</td>
    </tr>
  );
}

function AddPersonForm({ busy, onSubmit }: { busy: boolean; onSubmit: (request: SetRolesRequest) => Promise<boolean> }) {
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<IdentityRole[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const legendId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const request = { email, roles: ordered(roles) };
    const refused = contractProblem(request);
    if (refused) {
      setProblem(refused);
      return;
    }
    if (request.roles.length === 0) {
      setProblem('Pick at least one role to grant.');
      return;
    }
    setProblem(null);
    if (await onSubmit(request)) {
      setEmail('');
      setRoles([]);
    }
  };
  return (
    <form className="cms-people__add" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={legendId}>
      <h2 id={legendId}>Add a person or set their roles</h2>
      <p>
        Someone who has not signed in yet gets the roles when they first do. An address already listed gets exactly
        the roles ticked here.
      </p>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="off"
        inputMode="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setProblem(null);
        }}
        error={problem ?? undefined}
        required
      />
      <fieldset className="cms-people__roles">
        <legend>Roles</legend>
        {IDENTITY_ROLES.map((role) => (
          <Checkbox
            key={role}
            label={ROLE_LABELS[role]}
            hint={ROLE_DESCRIPTIONS[role]}
            checked={roles.includes(role)}
            onChange={(e) => {
              setRoles((current) => (e.target.checked ? [...current, role] : current.filter((r) => r !== role)));
              setProblem(null);
            }}
          />
        ))}
      </fieldset>
      <Button type="submit" loading={busy} loadingLabel="Saving roles">
        Save roles
      </Button>
    </form>
  );
}

/**
 * /admin/people (admins): everyone with a role or a pending grant, their roles as checkboxes (each
 * change is saved at once), whether they have an authenticator app, and a form to add a person.
 * Role changes need aal2; refusals (aal2_required, protected_admin, last_admin, invalid input) are
 * shown in the service's words; a saved change is announced and the list read again.
 */
export function PeoplePage() {
  const state = useStaffSession();
  const identity = state.status === 'signed-in' ? state.identity : null;
  const userId = state.status === 'signed-in' ? state.session.user.id : 'signed-out';
  const people = usePeople(userId);
  const setRoles = useSetRoles(userId);
  const { toast } = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);

  const save = async (request: SetRolesRequest): Promise<boolean> => {
    setProblem(null);
    try {
      const { person } = await setRoles.mutateAsync(request);
      toast({ title: 'Roles saved', description: `${person.email}: ${rolesText(person.roles)}.` });
      return true;
    } catch (error) {
      setProblem({ code: errorCode(error), message: errorMessage(error) });
      return false;
    }
  };
  const pendingEmail = setRoles.isPending ? setRoles.variables?.email.trim().toLowerCase() : undefined;

  return (
    <PageFrame
      title={PEOPLE_TITLE}
      section="home"
      eyebrow={<Link to="/admin" className="cms-staff-link">Staff area</Link>}
      intro="Who may edit the site, use the staff screens or grant roles. A change reaches the person within ten minutes, or when they next sign in."
    >
      <div className="cms-people">
        {identity && !identity.mfa && (
          <p className="cms-staff-notice">
            Changing roles needs an authenticator app.{' '}
            <Link to={MFA_SETUP_PATH} className="cms-staff-link">
              Set one up on your profile
            </Link>
            , then sign in again with it.
          </p>
        )}
        <dl className="cms-people__legend">
          {IDENTITY_ROLES.map((role) => (
            <div key={role}>
              <dt>{ROLE_LABELS[role]}</dt>
              <dd>{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
        {problem && <ProblemNotice problem={problem} />}
        {people.isPending ? (
          <Spinner label="Loading people" />
        ) : people.isError ? (
          <div role="alert" className="cms-staff-notice">
            <p>The people list could not be loaded: {errorMessage(people.error)}</p>
            <Button onClick={() => void people.refetch()}>Try again</Button>
          </div>
        ) : (
          <div className="cms-people__table-wrap" role="region" aria-label="People" tabIndex={0}>
            <table className="cms-people__table">
              <caption>
                <VisuallyHidden>People with a role or a pending grant</VisuallyHidden>
              </caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  {IDENTITY_ROLES.map((role) => (
                    <th key={role} scope="col">
                      {ROLE_LABELS[role]}
                    </th>
                  ))}
                  <th scope="col">Authenticator app</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {people.data.length === 0 ? (
                  <tr>
                    <td colSpan={IDENTITY_ROLES.length + 3}>Nobody has a role yet.</td>
                  </tr>
                ) : (
                  people.data.map((person) => (
                    <PersonRow
                      key={person.email}
                      person={person}
                      busy={pendingEmail === person.email}
                      onChange={(p, roles) => void save({ email: p.email, roles })}
                    />
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}
        <AddPersonForm busy={setRoles.isPending} onSubmit={save} />
      </div>
    </PageFrame>
  );
}

export default PeoplePage;
