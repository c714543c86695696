export { ConfigError, LOG_LEVELS, baseConfigSchema, httpUrlSetting, loadConfig, loadConfigOrExit, trustProxySchema } from './config';
export type { BaseConfig, LogLevel, TrustProxySetting } from './config';
export { HttpError, apiNotFound, errorBody, errorHandler } from './errors';
export type { ErrorBody } from './errors';
export { ResponseContractError, assertResponse, mountEndpoint, mountEndpoints, responsesChecked } from './endpoint';
export type { EndpointContext, EndpointHandler, MountOptions } from './endpoint';
export { MAX_INPUT_DEPTH, assertNoOperatorKeys, findOperatorKey, validate } from './validate';
export type { ValidatingHandler, Validated, ValidationSchemas } from './validate';
export {
  JSON_BODY_LIMIT,
  contentSecurityPolicyDirectives,
  contentSecurityPolicyHeader,
  isHttpsOrigin,
  jsonBody,
  originCheck,
  securityHeaders,
  xFrameOptionsFor,
} from './security';
export type { FramingPolicy, SecurityHeadersOptions } from './security';
export { MongoRateLimitStore, RATE_LIMIT_MESSAGE, rateLimit, rateLimitModel } from './rate-limit';
export type { RateLimitOptions } from './rate-limit';
export { createLogger, requestLogger, silentLogger } from './logger';
export type { Logger } from './logger';
export { connectMongo } from './mongo';
export type { ConnectMongoOptions, MongoHandle } from './mongo';
export { createMailer } from './mailer';
export type { MailAttachment, MailMessage, Mailer } from './mailer';
export { manualClock, systemClock } from './clock';
export type { Clock, ManualClock } from './clock';
export { KEEP_ALIVE_TIMEOUT_MS, applyTrustProxy, createServiceApp, keepIdleConnections, listen, stopOnSignals } from './app';
export type { RunningServer, ServiceAppOptions } from './app';
export { createStandaloneApp, runServiceModule, standaloneHost } from './run-service';
export { capabilities, capability, defineServiceModule, optional, supply } from './service-module';
export type {
  AnyServiceModule,
  Capability,
  CapabilityMap,
  CinemaStats,
  GateUnlockStats,
  IsActiveSubscriber,
  LoyaltyStats,
  MembersByInterest,
  StatsWindow,
  JobDeclaration,
  ModuleConfig,
  NeedMap,
  NeedValues,
  OptionalNeed,
  ProvidedValues,
  PublicWritePath,
  ServiceContext,
  ServiceInstance,
  ServiceModule,
  Supplied,
} from './service-module';
export { CompositionError, checkModules, composeServices, loadModuleConfigs, runComposition, startComposition } from './compose';
export type {
  CheckModulesOptions,
  ComposeServicesOptions,
  ComposedServices,
  CompositionHost,
  HostContext,
  RunningComposition,
  StartCompositionOptions,
} from './compose';
export { publicWriteMatcher, serviceApi } from './service-api';
export type { MountedService } from './service-api';
export {
  authClaims,
  bearerToken,
  identityIssuer,
  localJwksVerifier,
  remoteJwksVerifier,
  requireAuthWith,
} from './auth';
export type { RequireAuthOptions, TokenVerifier } from './auth';
export { ACCESS_TOKEN_ALG, ACCESS_TOKEN_AUDIENCE, verifyAccessTokenWith } from './verify-access-token';
export {
  DEFAULT_JOB_OPTIONS,
  DEFAULT_JOB_POLL_MS,
  JOBS_COLLECTION,
  JOB_RUNS_COLLECTION,
  JOB_RUNS_KEPT_MS,
  createJobs,
  jobModel,
  jobRunModel,
  nextSlot,
} from './jobs';
export type {
  CreateJobsOptions,
  JobContext,
  JobDoc,
  JobHandler,
  JobOptions,
  JobRunDoc,
  JobRunOutcome,
  JobRunOutcomeKind,
  Jobs,
} from './jobs';
export {
  BlobExistsError,
  InvalidBlobKeyError,
  MAX_BLOB_KEY_LENGTH,
  assertValidBlobKey,
  createDiskBlobStore,
  createS3BlobStore,
  isValidBlobKey,
} from './blobs';
export type { BlobInfo, BlobPutOptions, BlobPutResult, BlobStore, DiskBlobStoreOptions, S3BlobStoreOptions } from './blobs';
export { DEFAULT_BLOB_DIR, blobConfigSchema, blobConfigShape, blobStoreConfigSchema, checkBlobConfig, createBlobStoreFromConfig } from './blobs-config';
export type { BlobConfig } from './blobs-config';
export { BLOB_URL_PREFIX, MAX_BLOB_URL_SECONDS, signBlobUrl, verifyBlobSignature } from './blobs-signing';
export type { BlobSignatureResult, SignBlobUrlOptions } from './blobs-signing';
export { blobRoute } from './blobs-route';
export type { BlobRouteOptions } from './blobs-route';
export { AUDIT_DEFAULT_LIMIT, AUDIT_EVENTS_COLLECTION, InvalidAuditCursorError, auditCursor, auditEventModel, createAuditLog, parseAuditCursor, readAuditPage } from './audit-log';
export type { AuditActor, AuditEventDoc, AuditListOptions, AuditLog, AuditRecordInput } from './audit-log';
export { secretBox } from './secret-box';
export type { SecretBox } from './secret-box';
