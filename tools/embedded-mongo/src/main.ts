/**
 * CLI: `node --import tsx tools/embedded-mongo/src/main.ts [--port N] [--host H] [--data FILE]
 *   [--durability journal|snapshot] [--move-aside-corrupt]`
 * Prints the connection URI and runs until SIGINT/SIGTERM, then saves the snapshot.
 * Environment: EMBEDDED_MONGO_PORT, EMBEDDED_MONGO_HOST, EMBEDDED_MONGO_DATA.
 */
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    'move-aside-corrupt': { type: 'boolean' },
    durability: { type: 'string' },
  },
});

const durability = values.durability ?? 'journal';
if (durability !== 'journal' && durability !== 'snapshot') {
  console.error(`embedded-mongo: --durability must be 'journal' or 'snapshot', got '${durability}'`);
  process.exit(2);
}

const portText = values.port ?? process.env.EMBEDDED_MONGO_PORT ?? '27017';
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`embedded-mongo: invalid port '${portText}'`);
  process.exit(2);
}

const logger = {
  info: (m: string) => console.error(m),
  warn: (m: string) => console.error(m),
  error: (m: string) => console.error(m),
};

try {
  const mongo = await startEmbeddedMongo({
    port,
    host: values.host ?? process.env.EMBEDDED_MONGO_HOST ?? '127.0.0.1',
    dataFile: values.data,
    onCorruptSnapshot: values['move-aside-corrupt'] ? 'move-aside' : 'fail',
    durability,
    logger,
  });
  process.stdout.write(`${mongo.uri}\n`);
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info(`embedded-mongo: ${signal} received, saving and stopping`);
    mongo.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error(`embedded-mongo: stop failed: ${(e as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (e) {
  logger.error((e as Error).message);
  process.exit(1);
}
