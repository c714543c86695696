/**
 * The one composition root. The gateway (every module in one process) and a standalone service
 * (one module) both go through `startComposition`: validated config for the host and each module,
 * MongoDB (embedded when MONGODB_URI is unset), the mailer, one BlobStore, the modules created in list order with
 * their needs wired, routers mounted at /api/<name> behind the same middleware (`serviceApi`:
 * request log, Origin check with each module's public write paths exempt, JSON body, JSON 404),
 * seeds, jobs, and a clean stop on SIGINT/SIGTERM (`runComposition`).
 */
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import { listen, stopOnSignals, type RunningServer } from './app';
import { randomBytes } from 'node:crypto';
import type { BlobStore } from './blobs';
import { signBlobUrl } from './blobs-signing';
import { DEFAULT_BLOB_DIR, blobStoreConfigSchema, createBlobStoreFromConfig } from './blobs-config';
import { systemClock, type Clock } from './clock';
import { ConfigError, loadConfig, type BaseConfig } from './config';
import { createJobs, type Jobs } from './jobs';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mailer';
import { connectMongo, type MongoHandle } from './mongo';
import type { MountedService } from './service-api';
import type { AnyServiceModule, Capability, ServiceInstance, Supplied } from './service-module';

/** A module list that cannot be composed (duplicate names, a need nobody provides, ...). */
export class CompositionError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Cannot compose the services (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CompositionError';
    this.problems = problems;
  }
}

type AnyCapability = Capability<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MODULE_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const needsOf = (module: AnyServiceModule) =>
  Object.entries(module.needs as Record<string, { kind: string; capability?: AnyCapability }>).map(([key, need]) => ({
    key,
    capability: (need.kind === 'optional' ? need.capability : need) as AnyCapability,
    optional: need.kind === 'optional',
  }));
const providesOf = (module: AnyServiceModule) =>
  Object.entries(module.provides as Record<string, AnyCapability>).map(([key, cap]) => ({ key, capability: cap }));

export interface CheckModulesOptions {
  /** Needs met from outside the list. */
  supplied?: readonly Supplied[];
  /** Modules' `standalone` hooks may meet the needs nobody in the list provides. */
  standalone?: boolean;
}

/**
 * Checks a module list before anything starts, and throws one CompositionError naming every
 * problem: names that are not URL segments or appear twice, a capability provided twice, a
 * required need that no earlier module provides (and nothing supplies), public write paths that
 * are not paths, jobs declared twice.
 */
export function checkModules(modules: readonly AnyServiceModule[], options: CheckModulesOptions = {}): void {
  const problems: string[] = [];
  const seen = new Set<string>();
  const providers = new Map<AnyCapability, string>();
  for (const item of options.supplied ?? []) providers.set(item.capability, '(supplied by the host)');
  const providerIndex = new Map<AnyCapability, number>();
  modules.forEach((module, index) => {
    for (const { capability } of providesOf(module)) if (!providerIndex.has(capability)) providerIndex.set(capability, index);
  });

  modules.forEach((module, index) => {
    const name = String(module.name);
    if (!MODULE_NAME.test(name)) {
      problems.push(`module name ${JSON.stringify(name)} must be lower-case letters, digits and '-' (it is the URL segment /api/<name>)`);
    }
    if (seen.has(name)) problems.push(`module name '${name}' appears twice in the list (each module is mounted once, at /api/${name})`);
    seen.add(name);

    for (const { key, capability, optional } of needsOf(module)) {
      if (providers.has(capability) || optional || (options.standalone && module.standalone)) continue;
      const later = providerIndex.get(capability);
      problems.push(
        later !== undefined && later > index
          ? `'${name}' needs ${capability.name} (as ${key}), which '${String(modules[later].name)}' provides, but '${String(modules[later].name)}' comes after '${name}' in the list: put it first`
          : `'${name}' needs ${capability.name} (as ${key}) and no module before it provides it`,
      );
    }
    for (const { capability } of providesOf(module)) {
      const existing = providers.get(capability);
      if (existing !== undefined) problems.push(`${capability.name} is provided by both ${existing === '(supplied by the host)' ? 'the host' : `'${existing}'`} and '${name}'`);
      else providers.set(capability, name);
    }

    const paths = new Set<string>();
    for (const route of module.publicWritePaths) {
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) || !/^\/[A-Za-z0-9._~:/-]*$/.test(route.path) || route.path.includes('//')) {
        problems.push(`'${name}' public write path ${JSON.stringify(route)} must be a POST, PUT, PATCH or DELETE of a path such as /unsubscribe`);
      }
      const id = `${route.method} ${route.path}`;
      if (paths.has(id)) problems.push(`'${name}' lists the public write path ${id} twice`);
      paths.add(id);
    }
    const jobNames = new Set<string>();
    for (const job of module.jobs) {
      if (jobNames.has(job.name)) problems.push(`'${name}' declares the job '${job.name}' twice`);
      jobNames.add(job.name);
    }
  });
  if (problems.length > 0) throw new CompositionError(problems);
}

/**
 * Each module's configuration from one environment, with every problem of every module in one
 * ConfigError (a variable two modules share is reported once).
 */
export function loadModuleConfigs(
  modules: readonly AnyServiceModule[],
  env: Record<string, string | undefined> = process.env,
): Map<string, BaseConfig> {
  const configs = new Map<string, BaseConfig>();
  const problems = new Map<string, { variable: string; message: string }>();
  for (const module of modules) {
    try {
      configs.set(String(module.name), loadConfig(module.configSchema, env) as BaseConfig);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      for (const problem of error.problems) problems.set(`${problem.variable}\n${problem.message}`, problem);
    }
  }
  if (problems.size > 0) throw new ConfigError([...problems.values()]);
  return configs;
}

export interface ComposeServicesOptions {
  modules: readonly AnyServiceModule[];
  /** Each module's configuration (from `loadModuleConfigs`); loaded from `env` when absent. */
  configs?: ReadonlyMap<string, BaseConfig>;
  env?: Record<string, string | undefined>;
  db: Connection;
  mailer: Mailer;
  logger: Logger;
  clock?: Clock;
  /** Needs met from outside the list. */
  supplied?: readonly Supplied[];
  /** Run alone: modules' `standalone` hooks meet the needs nobody in the list provides. */
  standalone?: boolean;
  /**
   * The process's BlobStore, handed to every module. Default: made once from `env`
   * (`blobStoreConfigSchema`: disk under DEFAULT_BLOB_DIR unless BLOB_DIR or BLOB_STORE=s3 say otherwise).
   */
  blobs?: BlobStore;
  /**
   * The HMAC key of signed /blobs URLs, shared by the modules that sign (context.signBlobUrl) and
   * the host that serves them. Default: BLOB_URL_SECRET from `env`, else one made for this
   * process (URLs then die with it and another instance refuses them: set it when running several).
   */
  blobUrlSecret?: string;
  /** Run each module's seed after every module is created (default true). */
  seed?: boolean;
  /** Poll for due jobs (default every DEFAULT_JOB_POLL_MS); `poll: false` defines them only (tests call runDueNow). */
  jobs?: { poll?: boolean; pollMs?: number; instanceId?: string };
}

export interface ComposedServices {
  /** In list order, for `serviceApi`. */
  readonly services: readonly MountedService[];
  /** Each module's instance by name (its router, seed, close, provides). */
  readonly instances: ReadonlyMap<string, ServiceInstance>;
  /** Each module's jobs runner by name. */
  readonly jobs: ReadonlyMap<string, Jobs>;
  /** The one BlobStore every module got (hosts serve their signed /blobs URLs from it too). */
  readonly blobs: BlobStore;
  /** The key the modules signed blob URLs with: the host's /blobs route verifies with it. */
  readonly blobUrlSecret: string;
  /** The value a module in the list provides for `capability`. */
  provided<T>(capability: Capability<T>): T | undefined;
  /** Stops every module's jobs, then closes the modules in reverse order. Idempotent. */
  close(): Promise<void>;
}

/**
 * Creates the modules in list order, each with its config, the shared connection and mailer, its
 * own logger (`service: <name>`) and jobs runner, and its needs; then seeds them in order and
 * starts their jobs. A module that fails to create, or that does not define exactly the jobs it
 * declares, stops composition: the ones already created are closed and the error is thrown.
 */
export async function composeServices(options: ComposeServicesOptions): Promise<ComposedServices> {
  const { modules, db, mailer, logger } = options;
  const clock = options.clock ?? systemClock;
  checkModules(modules, { supplied: options.supplied, standalone: options.standalone });
  const configs = options.configs ?? loadModuleConfigs(modules, options.env);
  const blobs = options.blobs ?? blobStoreFromEnv(options.env);
  const blobUrlSecret = options.blobUrlSecret ?? blobUrlSecretFromEnv(options.env);
  const signUrl = (key: string, expiresInSeconds: number) => signBlobUrl(key, { secret: blobUrlSecret, expiresInSeconds, now: clock.now().getTime() });

  const values = new Map<AnyCapability, unknown>();
  for (const item of options.supplied ?? []) values.set(item.capability, item.value);
  const instances = new Map<string, ServiceInstance>();
  const jobs = new Map<string, Jobs>();
  const created: { name: string; instance: ServiceInstance }[] = [];

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await Promise.all([...jobs.values()].map((runner) => runner.stop()));
      for (const { name, instance } of [...created].reverse()) {
        await instance.close?.().catch((err: unknown) => logger.error({ err, service: name }, 'error while closing a service'));
      }
    })());

  try {
    for (const module of modules) {
      const name = String(module.name);
      const config = configs.get(name);
      if (!config) throw new CompositionError([`no configuration was loaded for '${name}'`]);
      const moduleLogger = logger.child({ module: name });
      const fromHook = (options.standalone ? module.standalone?.({ config, logger: moduleLogger }) : undefined) ?? {};
      const needs: Record<string, unknown> = {};
      const missing: string[] = [];
      for (const { key, capability, optional } of needsOf(module)) {
        const value = values.has(capability) ? values.get(capability) : (fromHook as Record<string, unknown>)[key];
        if (value === undefined && !optional) missing.push(`'${name}' needs ${capability.name} (as ${key}) and neither the modules before it nor its standalone hook provide it`);
        needs[key] = value;
      }
      if (missing.length > 0) throw new CompositionError(missing);

      const runner = createJobs({ db, clock, logger: moduleLogger, service: name, instanceId: options.jobs?.instanceId });
      jobs.set(name, runner);
      const instance = await module.create({ config, db, mailer, logger: moduleLogger, clock, needs, jobs: runner, blobs, signBlobUrl: signUrl });
      created.push({ name, instance });
      instances.set(name, instance);

      const declared = module.jobs.map((job) => job.name).sort();
      const defined = runner.names().sort();
      if (declared.join('\n') !== defined.join('\n')) {
        throw new CompositionError([
          `'${name}' declares the jobs [${declared.join(', ')}] but defined [${defined.join(', ')}] on context.jobs: keep its module's jobs list and create() in step`,
        ]);
      }
      for (const { key, capability } of providesOf(module)) {
        const value = (instance.provides as Record<string, unknown> | undefined)?.[key];
        if (value === undefined) throw new CompositionError([`'${name}' promises ${capability.name} (as ${key}) but its instance does not provide it`]);
        values.set(capability, value);
      }
    }
    if (options.seed !== false) {
      for (const { instance } of created) await instance.seed?.();
    }
    if (options.jobs?.poll !== false) {
      for (const module of modules) {
        if (module.jobs.length > 0) jobs.get(String(module.name))!.start({ pollMs: options.jobs?.pollMs });
      }
    }
  } catch (error) {
    await close();
    throw error;
  }

  return {
    services: modules.map((module) => ({
      name: String(module.name),
      router: instances.get(String(module.name))!.router,
      publicWritePaths: module.publicWritePaths,
    })),
    instances,
    jobs,
    blobs,
    blobUrlSecret,
    provided: <T>(capability: Capability<T>) => values.get(capability) as T | undefined,
    close,
  };
}

/** BLOB_URL_SECRET (validated by the hosts' schemas), else a random key for this process only. */
function blobUrlSecretFromEnv(env: Record<string, string | undefined> = process.env): string {
  return env.BLOB_URL_SECRET || randomBytes(32).toString('base64url');
}

/** The BlobStore the environment names (BLOB_STORE, BLOB_DIR, S3_*); ConfigError when they are wrong. */
function blobStoreFromEnv(env: Record<string, string | undefined> = process.env): BlobStore {
  return createBlobStoreFromConfig(loadConfig(blobStoreConfigSchema, env), { defaultDir: DEFAULT_BLOB_DIR });
}

// ---------------------------------------------------------------------------------------------
// Processes: the gateway and each standalone service are a host around the same composition.
// ---------------------------------------------------------------------------------------------

export interface HostContext<C extends BaseConfig> {
  config: C;
  logger: Logger;
  composed: ComposedServices;
  mongo: MongoHandle;
}

/** A process that serves a list of modules: the gateway, or one service standalone. */
export interface CompositionHost<S extends z.ZodObject = z.ZodObject> {
  /** Logger name. */
  name: string;
  /** The process's own environment (PORT, HOST, MONGODB_URI, ... and anything the host adds). */
  configSchema: S;
  modules: readonly AnyServiceModule[];
  /** Needs nobody in the list provides are met by the modules' `standalone` hooks. */
  standalone?: boolean;
  /** The Express app around `serviceApi(...)` (plus whatever else the host serves). */
  createApp(context: HostContext<z.infer<S> & BaseConfig>): Express | Promise<Express>;
  /** Logs the start-up line once listening. */
  started?(context: HostContext<z.infer<S> & BaseConfig> & { server: RunningServer }): void;
}

export interface StartCompositionOptions {
  /** Default process.env. */
  env?: Record<string, string | undefined>;
  logger?: Logger;
  /** Default: SMTP_URL's mailer (tests pass a capturing one). */
  mailer?: Mailer;
  clock?: Clock;
  jobs?: ComposeServicesOptions['jobs'];
  /** Default: the store the environment names (one per process, shared by every module and the host). */
  blobs?: BlobStore;
  /** Default: BLOB_URL_SECRET, else a key made for this process (ComposeServicesOptions.blobUrlSecret). */
  blobUrlSecret?: string;
}

export interface RunningComposition<C extends BaseConfig = BaseConfig> {
  config: C;
  logger: Logger;
  server: RunningServer;
  composed: ComposedServices;
  mongo: MongoHandle;
  app: Express;
  /** Server, jobs and modules, mailer, database: in that order. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts a host: config (the host's and every module's, all problems at once), logger, MongoDB,
 * mailer, `composeServices`, the host's app, listening on PORT/HOST. Throws ConfigError or
 * CompositionError before anything is started when the environment or the list is wrong.
 */
export async function startComposition<S extends z.ZodObject>(
  host: CompositionHost<S>,
  options: StartCompositionOptions = {},
): Promise<RunningComposition<z.infer<S> & BaseConfig>> {
  type C = z.infer<S> & BaseConfig;
  checkModules(host.modules, { standalone: host.standalone });
  const env = options.env ?? process.env;
  let config: C | undefined;
  let problems: ConfigError['problems'] = [];
  try {
    config = loadConfig(host.configSchema, env) as C;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems = error.problems;
  }
  const addProblems = (error: unknown) => {
    if (!(error instanceof ConfigError)) throw error;
    const known = new Set(problems.map((p) => `${p.variable}\n${p.message}`));
    problems = [...problems, ...error.problems.filter((p) => !known.has(`${p.variable}\n${p.message}`))];
  };
  let configs: Map<string, BaseConfig> | undefined;
  try {
    configs = loadModuleConfigs(host.modules, env);
  } catch (error) {
    addProblems(error);
  }
  let blobs = options.blobs;
  try {
    blobs ??= blobStoreFromEnv(env);
  } catch (error) {
    addProblems(error);
  }
  if (problems.length > 0 || !config || !configs || !blobs) throw new ConfigError(problems);

  const logger = options.logger ?? createLogger({ name: host.name, level: config.LOG_LEVEL });
  const mongo = await connectMongo({
    uri: config.MONGODB_URI,
    dbName: config.MONGODB_DB,
    embedded: { dataFile: config.EMBEDDED_MONGO_DATA },
    logger,
  });
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const closeMailer = async () => {
    if (!options.mailer) mailer.close();
  };
  let composed: ComposedServices;
  try {
    composed = await composeServices({
      modules: host.modules,
      configs,
      db: mongo.connection,
      mailer,
      logger,
      clock: options.clock,
      standalone: host.standalone,
      jobs: options.jobs,
      blobs,
      blobUrlSecret: options.blobUrlSecret ?? blobUrlSecretFromEnv(env),
    });
  } catch (error) {
    await closeMailer();
    await mongo.stop();
    throw error;
  }
  const context: HostContext<C> = { config, logger, composed, mongo };
  let server: RunningServer;
  let app: Express;
  try {
    app = await host.createApp(context);
    server = await listen(app, config.PORT, config.HOST);
  } catch (error) {
    await composed.close();
    await closeMailer();
    await mongo.stop();
    throw error;
  }
  host.started?.({ ...context, server });
  let stopped: Promise<void> | undefined;
  return {
    config,
    logger,
    server,
    composed,
    mongo,
    app,
    stop: () =>
      (stopped ??= (async () => {
        const step = (what: string, run: () => Promise<void>) =>
          run().catch((err: unknown) => logger.error({ err }, `error while stopping: ${what}`));
        await step('server', () => server.close());
        await step('services', () => composed.close());
        await step('mailer', closeMailer);
        await step('database', () => mongo.stop());
      })()),
  };
}

/**
 * For main files: `startComposition`, then stop cleanly on SIGINT/SIGTERM. A bad environment
 * prints its problems and exits 1; any other start-up failure is logged and exits 1.
 */
export function runComposition<S extends z.ZodObject>(host: CompositionHost<S>): void {
  startComposition(host).then(
    (running) => stopOnSignals(running.logger, () => running.stop()),
    (error: unknown) => {
      if (error instanceof ConfigError || error instanceof CompositionError) {
        process.stderr.write(`${error.message}\n`);
      } else {
        createLogger({ name: host.name }).fatal({ err: error }, `${host.name} failed to start`);
      }
      process.exit(1);
    },
  );
}
