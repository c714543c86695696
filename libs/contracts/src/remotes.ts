/**
 * The remote registry: every federated remote, once. Everything that names a remote derives
 * from this list: the Nx targets (tools/nx-plugin), the rspack build (tools/federation), the
 * runtime manifest and its REMOTE_<NAME>_URL overrides (gateway), `npm run dev` and `npm start`,
 * the dev /mf-manifest.json, the lint scope rules, the shell's loader and the standalone e2e.
 *
 * Plain data with no imports: build tooling (.mjs configs, the Nx plugin) loads this file too.
 * Adding a remote: its folder under remotes/ plus one entry here (README "Add a remote").
 */

/**
 * What an exposed module is, which fixes its shape and the props its host passes:
 * - routes:    `{ routes: Record<pattern, Component> }`, the pages behind the remote's ROUTE_TABLE rows;
 * - dialog:    `{ default: Component<RemoteDialogProps> }`, opened by another remote (the site's secret 7);
 * - component: `{ default: Component }` with no props (the cms editing overlay);
 * - admin:     `{ default: Component<AdminPanelProps> }`, a team's staff screen: /admin (remote cms)
 *              shows a card for it from its `admin` metadata and renders it at /admin/<path>/*.
 */
export type RemoteModuleKind = 'routes' | 'dialog' | 'component' | 'admin';

/** Props a host passes to a federated dialog. */
export interface RemoteDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Props /admin passes to a federated admin panel. */
export interface AdminPanelProps {
  /** Where the panel is mounted ('/admin/cinema'): its own links start here. */
  basePath: string;
  /**
   * Which of its screens to show when /admin mounts it at one of the cms's own paths (the staff
   * home, /admin/member-analytics, /admin/member-analytics-legacy): 'site' = the site dashboard,
   * 'members' = member analytics, 'legacy' = the raw tables. There the cms's page frames it (its
   * own heading and landmark), so a panel given a view renders that screen's content only.
   * Absent: the panel's own page at basePath.
   */
  view?: 'site' | 'members' | 'legacy';
}

/** What /admin needs to list an admin panel before loading it (its card) and where it mounts it. */
export interface AdminPanelInfo {
  /** The card's heading and the panel's name in the fallback ('Cinema'). */
  readonly title: string;
  /** One lower-case path segment under /admin ('cinema' → /admin/cinema/*). */
  readonly path: string;
  /** One line on the card. */
  readonly description: string;
}

/** The props each kind of exposed component takes (routes modules are maps of pages without props). */
export interface RemoteModuleProps {
  routes: Record<string, never>;
  dialog: RemoteDialogProps;
  component: Record<string, never>;
  admin: AdminPanelProps;
}

/** One exposed module: its file and kind, and for an admin panel its card. */
export interface ExposedModuleEntry {
  readonly file: string;
  readonly kind: RemoteModuleKind;
  /** Required for kind 'admin' (and only there). */
  readonly admin?: AdminPanelInfo;
}

export interface RemoteEntry {
  /** Federation container name and runtime-manifest key: a JS identifier ('common_room'). */
  readonly name: string;
  /** remotes/<folder>; also the Nx project name, its scope tag and the URL prefix /remotes/<folder>/. */
  readonly folder: string;
  /** `nx serve <folder>` and `npm run dev` listen here (loopback). */
  readonly devPort: number;
  /** How the failure fallback names it: "<label> didn't load". */
  readonly label: string;
  /** Exposed module id ('./<key>') → its file (relative to the remote's folder) and kind. */
  readonly exposes: Readonly<Record<string, ExposedModuleEntry>>;
}

export const REMOTES = [
  {
    name: 'site',
    folder: 'site',
    devPort: 4201,
    label: 'This page',
    exposes: { Routes: { file: 'src/routes.tsx', kind: 'routes' } },
  },
  {
    name: 'common_room',
    folder: 'common-room',
    devPort: 4202,
    label: 'The Common Room',
    exposes: {
      Routes: { file: 'src/routes.tsx', kind: 'routes' },
      Admin: {
        file: 'src/admin/nudges-admin.tsx',
        kind: 'admin',
        admin: { title: 'Nudges', path: 'nudges', description: 'Push a nudge to the phones of people who turned nudges on, and see who got it.' },
      },
      Analytics: {
        file: 'src/admin/analytics/analytics-admin.tsx',
        kind: 'admin',
        admin: { title: 'Site analytics', path: 'analytics', description: 'Visits, pages, journeys and presses across the site, and what members do.' },
      },
    },
  },
  {
    name: 'loyalty',
    folder: 'loyalty',
    devPort: 4203,
    label: 'The loyalty card',
    exposes: {
      LoyaltyCard: { file: 'src/features/loyalty-card/loyalty-card.tsx', kind: 'dialog' },
      Admin: {
        file: 'src/admin/loyalty-admin.tsx',
        kind: 'admin',
        admin: { title: 'Loyalty cards', path: 'loyalty', description: "Look a member's cards up and void a photo that should not count." },
      },
    },
  },
  {
    name: 'cinema',
    folder: 'cinema',
    devPort: 4204,
    label: 'Secret cinema booking',
    exposes: {
      CinemaBooking: { file: 'src/features/cinema-booking/cinema-booking.tsx', kind: 'dialog' },
      Admin: {
        file: 'src/admin/cinema-admin.tsx',
        kind: 'admin',
        admin: { title: 'Secret Cinema', path: 'cinema', description: "This month's screening, its seats, and the door list with check-in." },
      },
    },
  },
  {
    name: 'cms',
    folder: 'cms',
    devPort: 4205,
    label: 'Content tools',
    exposes: {
      Routes: { file: 'src/routes.tsx', kind: 'routes' },
      Overlay: { file: 'src/overlay/edit-overlay.tsx', kind: 'component' },
    },
  },
] as const satisfies readonly RemoteEntry[];

/** The shell's own dev server; remotes use the ports above. */
export const SHELL_DEV_PORT = 4200;

type Remote = (typeof REMOTES)[number];
export type RemoteName = Remote['name'];
export const REMOTE_NAMES = REMOTES.map((r) => r.name) as readonly RemoteName[] as readonly [RemoteName, ...RemoteName[]];

/** Every exposed module as a federation id: '<remote>/<expose>' ('loyalty/LoyaltyCard'). */
export type ExposedModuleId = { [R in Remote as R['name']]: `${R['name']}/${keyof R['exposes'] & string}` }[RemoteName];
type ExposesOf<Id extends ExposedModuleId> = Id extends `${infer N}/${infer E}`
  ? Extract<Remote, { name: N }>['exposes'] extends infer X
    ? E extends keyof X
      ? X[E]
      : never
    : never
  : never;
/** The kind of an exposed module, from its id. */
export type ExposedModuleKind<Id extends ExposedModuleId> = ExposesOf<Id> extends { kind: infer K extends RemoteModuleKind } ? K : never;
/** Exposed modules of one kind, e.g. every federated dialog. */
export type ExposedModuleIdOf<K extends RemoteModuleKind> = { [Id in ExposedModuleId]: ExposedModuleKind<Id> extends K ? Id : never }[ExposedModuleId];

/** `REMOTE_<NAME>_URL`: the gateway variable that points one remote's entry elsewhere. */
export type RemoteUrlVariable = `REMOTE_${Uppercase<RemoteName>}_URL`;

export function remoteByName(name: RemoteName): Remote {
  const remote = REMOTES.find((r) => r.name === name) as Remote | undefined;
  if (!remote) throw new Error(`Unknown remote "${name}"`);
  return remote;
}

/** The remote an exposed module id belongs to. */
export function remoteOfModule(id: ExposedModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/** The kind of an exposed module. */
export function kindOfModule<Id extends ExposedModuleId>(id: Id): ExposedModuleKind<Id> {
  const remote: RemoteEntry = remoteByName(remoteOfModule(id));
  const exposed = remote.exposes[id.slice(id.indexOf('/') + 1)];
  if (!exposed) throw new Error(`"${id}" is not an exposed module in the remote registry`);
  return exposed.kind as ExposedModuleKind<Id>;
}

/** Where the gateway serves a remote's production entry. */
export function remoteEntryPath(name: RemoteName): string {
  return `/remotes/${remoteByName(name).folder}/remoteEntry.js`;
}

/** The remote's entry on its dev server (`npm run dev`, `nx serve <folder>`). */
export function remoteDevEntry(name: RemoteName): string {
  return `http://127.0.0.1:${remoteByName(name).devPort}/remoteEntry.js`;
}

export function remoteUrlVariable(name: RemoteName): RemoteUrlVariable {
  return `REMOTE_${name.toUpperCase()}_URL` as RemoteUrlVariable;
}

/** An admin panel a remote exposes, as /admin lists it. */
export interface AdminPanel extends AdminPanelInfo {
  /** Its federation id ('cinema/AdminPanel'). */
  readonly id: ExposedModuleId;
  readonly remote: RemoteName;
}

/** Paths under /admin that the cms's own screens use: no panel may take one. */
export const RESERVED_ADMIN_PATHS = ['people', 'audit', 'member-analytics', 'member-analytics-legacy'] as const;

/**
 * Every admin panel in a registry (the real one by default), in registry order. Refuses an admin
 * module without its card, a path that is not one lower-case segment, a path the cms's own screens
 * use, and two panels on one path.
 */
export function adminPanels(remotes: readonly RemoteEntry[] = REMOTES): AdminPanel[] {
  const panels: AdminPanel[] = [];
  for (const remote of remotes) {
    for (const [key, exposed] of Object.entries(remote.exposes)) {
      if (exposed.kind !== 'admin') continue;
      const id = `${remote.name}/${key}`;
      const info = exposed.admin;
      if (!info) throw new Error(`Admin panel "${id}" has no admin metadata ({ title, path, description })`);
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(info.path)) throw new Error(`Admin panel "${id}": path "${info.path}" must be one lower-case segment`);
      if ((RESERVED_ADMIN_PATHS as readonly string[]).includes(info.path)) throw new Error(`Admin panel "${id}": /admin/${info.path} is the cms's own screen`);
      const clash = panels.find((p) => p.path === info.path);
      if (clash) throw new Error(`Admin panels "${clash.id}" and "${id}" both want /admin/${info.path}`);
      panels.push({ id: id as ExposedModuleId, remote: remote.name as RemoteName, title: info.title, path: info.path, description: info.description });
    }
  }
  return panels;
}
