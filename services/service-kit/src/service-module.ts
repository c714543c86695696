import type { Router } from 'express';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { TokenVerifier } from './auth';
import type { BlobStore } from './blobs';
import type { Clock } from './clock';
import type { BaseConfig } from './config';
import type { Jobs } from './jobs';
import type { Logger } from './logger';
import type { Mailer } from './mailer';

/**
 * A service as a module: what the composition root (`composeServices`, used by the gateway and by
 * a standalone service's main alike) needs to run it. A service folder exports one from its
 * `module.ts`; the gateway's list of modules is the only place that names it.
 *
 * Cross-service needs are typed capabilities, matched by object identity (never by a string): a
 * module lists what it `provides` and what it `needs`; the composition hands each module the
 * values provided by the modules before it in the list. Standalone, a module's `standalone` hook
 * fills its needs from its own configuration (a remote JWKS verifier, say) or says they are
 * unavailable.
 */

/** Something one module provides and others need, typed by its value. Compare by identity. */
export interface Capability<T> {
  readonly kind: 'capability';
  /** For messages only (`content needs verifyAccessToken`); two capabilities may share a name. */
  readonly name: string;
  /** Phantom: carries T for inference, never set. */
  readonly value?: (value: T) => T;
}

/** Declares a capability. Declare each once (in the kit) and import it where it is named. */
export function capability<T>(name: string): Capability<T> {
  return Object.freeze({ kind: 'capability', name }) as Capability<T>;
}

/** A need the module can do without: its value is `undefined` when nobody provides it. */
export interface OptionalNeed<T> {
  readonly kind: 'optional';
  readonly capability: Capability<T>;
}

export function optional<T>(cap: Capability<T>): OptionalNeed<T> {
  return Object.freeze({ kind: 'optional', capability: cap });
}

export type Need = Capability<any> | OptionalNeed<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type NeedMap = Readonly<Record<string, Need>>;
export type CapabilityMap = Readonly<Record<string, Capability<any>>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The values a module receives for its needs. */
export type NeedValues<N extends NeedMap> = {
  readonly [K in keyof N]: N[K] extends OptionalNeed<infer T> ? T | undefined : N[K] extends Capability<infer T> ? T : never;
};

/** The values a module hands over for what it provides. */
export type ProvidedValues<P extends CapabilityMap> = { readonly [K in keyof P]: P[K] extends Capability<infer T> ? T : never };

/** A capability with its value, for needs met from outside the module list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Supplied<T = any> {
  capability: Capability<T>;
  value: T;
}

export function supply<T>(cap: Capability<T>, value: T): Supplied<T> {
  return { capability: cap, value };
}

// ---------------------------------------------------------------------------------------------
// The capabilities services share today. A new one is a line here (services cannot import each
// other, so the kit is where both sides meet).
// ---------------------------------------------------------------------------------------------

/** Live newsletter membership (an active subscriber), never stored by the asker. */
export type IsActiveSubscriber = (email: string) => Promise<boolean>;

/** A window of time for staff figures: from (included) to (excluded). */
export interface StatsWindow {
  from: Date;
  to: Date;
}
/** newsletter: live members per interest (site analytics, issue 15). */
export type MembersByInterest = () => Promise<{ interest: string; members: number }[]>;
/** loyalty: punches added and rewards taken in a window. */
export type LoyaltyStats = (window: StatsWindow) => Promise<{ punches: number; rewards: number }>;
/** cinema: bookings made (and their tickets) in a window. */
export type CinemaStats = (window: StatsWindow) => Promise<{ bookings: number; tickets: number }>;
/** identity: members' gates opened in a window, by how membership was proved. */
export type GateUnlockStats = (window: StatsWindow) => Promise<{ passkey: number; link: number; email: number }>;

export const capabilities = {
  /** identity's access-token verifier (in-process in the gateway; `remoteJwksVerifier` standalone). */
  verifyAccessToken: capability<TokenVerifier>('verifyAccessToken'),
  /** newsletter's membership check (in-process in the gateway). */
  isActiveSubscriber: capability<IsActiveSubscriber>('isActiveSubscriber'),
  /** The figures member analytics reads from the services that own them (in-process in the gateway). */
  membersByInterest: capability<MembersByInterest>('membersByInterest'),
  loyaltyStats: capability<LoyaltyStats>('loyaltyStats'),
  cinemaStats: capability<CinemaStats>('cinemaStats'),
  gateUnlockStats: capability<GateUnlockStats>('gateUnlockStats'),
} as const;

/**
 * A write route under the module's mount that the Origin check lets through (from any origin),
 * e.g. RFC 8058 one-click unsubscribe, posted by mail providers from their own pages. Only for
 * routes whose credential is in the request itself (an unguessable token). `path` is relative to
 * /api/<name>; `:name` segments match one path segment. Shaped like an endpoint contract, so a
 * contract can be given as it is.
 */
export interface PublicWritePath {
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: `/${string}`;
}

/** A job the module runs through the kit's jobs (defined on `context.jobs` in `create`). */
export interface JobDeclaration {
  readonly name: string;
  /** For people: what it does and how often. */
  readonly description: string;
}

/** A module's configuration: what its schema parses, with the common variables. */
export type ModuleConfig<S extends z.ZodObject> = z.infer<S> & BaseConfig;

export interface ServiceContext<Config extends BaseConfig, Needs extends NeedMap> {
  /** The module's own configuration, validated from the environment with its `configSchema`. */
  config: Config;
  /** This module's own connection in a standalone process; the gateway's shared one inside it. */
  db: Connection;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
  needs: NeedValues<Needs>;
  /**
   * The module's jobs runner (service = the module's name). `create` defines every job the module
   * declares on it; the composition starts polling once every module is created and seeded, and
   * stops it on close.
   */
  jobs: Jobs;
  /**
   * Uploaded files (GUIDE §15): the one BlobStore of the process, made once by the composition from
   * BLOB_STORE / BLOB_DIR / S3_* (disk under `<workspace>/.data/blobs` by default). Keys are the
   * module's to choose; prefix them with the module's own folder (`cms-images/…`).
   */
  blobs: BlobStore;
  /**
   * A signed `/blobs/<key>?exp=&sig=` URL for a private file (valid `expiresInSeconds`, at most a
   * week): the host's /blobs route serves it to whoever holds the URL, and refuses it once expired
   * or altered. Same key in every instance when BLOB_URL_SECRET is set.
   */
  signBlobUrl(key: string, expiresInSeconds: number): string;
}

export interface ServiceInstance<Provides extends CapabilityMap = CapabilityMap> {
  /** Mounted at /api/<name>, behind the common middleware (Origin check, JSON body, 404, errors). */
  router: Router;
  /** Idempotent start-up data (run by the composition after every module is created). */
  seed?(): Promise<unknown>;
  /** Releases what `create` started (jobs are stopped by the composition before this). */
  close?(): Promise<void>;
  /** The values of what the module provides. */
  provides: ProvidedValues<Provides>;
}

export interface ServiceModule<
  Name extends string = string,
  Schema extends z.ZodObject = z.ZodObject,
  Needs extends NeedMap = NeedMap,
  Provides extends CapabilityMap = CapabilityMap,
> {
  /** URL segment (/api/<name>), jobs namespace and log name: lower-case letters, digits and '-'. */
  readonly name: Name;
  /** The service's environment: `baseConfigSchema(port).extend({...})`. */
  readonly configSchema: Schema;
  readonly needs: Needs;
  readonly provides: Provides;
  readonly publicWritePaths: readonly PublicWritePath[];
  readonly jobs: readonly JobDeclaration[];
  /**
   * Run alone, nothing in the process provides this module's needs: meet them from its config
   * (over HTTP), or leave them out (optional needs become undefined; a required one that is still
   * missing stops start-up).
   */
  standalone?(context: { config: ModuleConfig<Schema>; logger: Logger }): Partial<NeedValues<Needs>>;
  create(context: ServiceContext<ModuleConfig<Schema>, Needs>): ServiceInstance<Provides> | Promise<ServiceInstance<Provides>>;
}

/** Any module, whatever its types (for lists). */
export type AnyServiceModule = ServiceModule<string, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Declares a module with its types inferred: `defineServiceModule({ name: 'venue', ... })`.
 * `needs`, `provides`, `publicWritePaths` and `jobs` default to none.
 */
export function defineServiceModule<
  const Name extends string,
  Schema extends z.ZodObject,
  Needs extends NeedMap = {}, // eslint-disable-line @typescript-eslint/no-empty-object-type
  Provides extends CapabilityMap = {}, // eslint-disable-line @typescript-eslint/no-empty-object-type
>(
  module: Omit<ServiceModule<Name, Schema, Needs, Provides>, 'needs' | 'provides' | 'publicWritePaths' | 'jobs'> & {
    needs?: Needs;
    provides?: Provides;
    publicWritePaths?: readonly PublicWritePath[];
    jobs?: readonly JobDeclaration[];
  },
): ServiceModule<Name, Schema, Needs, Provides> {
  return Object.freeze({
    ...module,
    needs: module.needs ?? ({} as Needs),
    provides: module.provides ?? ({} as Provides),
    publicWritePaths: module.publicWritePaths ?? [],
    jobs: module.jobs ?? [],
  });
}
