import { ROLE_LABELS, SECRET_WORD_MANAGER_ROLES, type IdentityRole } from '@croft/contracts';

/** Which roles open which part of the staff area (the services check them again on every call). */
export const STAFF_ACCESS = {
  /** /cms: editing page text, FAQs and images. */
  cms: ['editor', 'admin'],
  /** /cms/secret-words: the content service's secret-word staff routes take the same list. */
  secretWords: SECRET_WORD_MANAGER_ROLES,
  /** /admin and the staff screens (cinema, nudges, analytics, Secret Kitchens). */
  staff: ['staff', 'admin'],
  /** /admin/people and /admin/audit. */
  admin: ['admin'],
} as const satisfies Record<string, readonly IdentityRole[]>;
export type StaffAccess = keyof typeof STAFF_ACCESS;

export function mayOpen(roles: readonly string[], access: StaffAccess): boolean {
  return STAFF_ACCESS[access].some((role) => roles.includes(role));
}

/** 'Editor or Admin'. */
export function rolesInWords(roles: readonly IdentityRole[]): string {
  const labels = roles.map((r) => ROLE_LABELS[r]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

/** Where the staff sign-in sends someone once they are in, and where it takes them from. */
export const STAFF_LOGIN_PATH = '/cms/login';
export const STAFF_LANDING = '/cms';
/** Where a signed-in person sets up an authenticator app. */
export const MFA_SETUP_PATH = '/common-room/member/profile';

/** Where a sign-in with no destination lands: /cms for editors and admins, the staff home for staff. */
export function staffLanding(roles: readonly string[]): string {
  return !mayOpen(roles, 'cms') && mayOpen(roles, 'staff') ? '/admin' : STAFF_LANDING;
}

/**
 * Only a same-site path under /cms or /admin may be a sign-in's destination (never /cms/login
 * itself); anything else lands where the person's roles lead (`staffLanding`).
 */
export function safeDestination(raw: string | null | undefined, roles: readonly string[] = []): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return staffLanding(roles);
  const path = raw.split(/[?#]/)[0] ?? '';
  if (!/^\/(cms|admin)(\/|$)/i.test(path) || /^\/cms\/login\/?$/i.test(path)) return staffLanding(roles);
  return raw;
}
