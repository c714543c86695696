/**
 * One cinema instance for tools/perf/cinema-rush.ts: the cinema service on MONGODB_URI/CINEMA_DB,
 * listening on PORT, verifying tokens with the JWKS in JWKS_JSON. Everyone is a member here (the
 * benchmark measures selling, not the newsletter). Prints 'ready' when listening.
 */
import { createServer } from 'node:http';
import { connectMongo, createMailer, createServiceApp, identityIssuer, localJwksVerifier, silentLogger } from '@croft/service-kit';
import { createCinemaService } from '@croft/cinema-service';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const origin = env('PUBLIC_ORIGIN');
const mongo = await connectMongo({ uri: env('MONGODB_URI'), dbName: env('CINEMA_DB') });
const service = createCinemaService({
  db: mongo.connection,
  logger: silentLogger(),
  mailer: createMailer({ smtpUrl: env('SMTP_URL'), from: 'Croft Common <hello@croftcommon.local>' }),
  isActiveSubscriber: async () => true,
  verifyAccessToken: localJwksVerifier({ jwks: JSON.parse(env('JWKS_JSON')), issuer: identityIssuer(origin) }),
  qrSecret: env('CINEMA_QR_SECRET'),
  bookingsPerMinute: 100_000,
});
await service.seed();
const app = createServiceApp({ name: 'cinema', router: service.router, publicOrigin: origin, logger: silentLogger() });
createServer(app).listen(Number(env('PORT')), '127.0.0.1', () => console.info('ready'));
