/**
 * Runs the content service on its own: `node --import tsx services/content/src/main.ts`.
 * Without MONGODB_URI it starts the embedded store in-process.
 */
import { runStandaloneService } from '@croft/service-kit';
import { contentConfigSchema } from './config';
import { createContentService } from './content-service';

runStandaloneService({
  name: 'content',
  configSchema: contentConfigSchema,
  async create({ db, logger }) {
    const content = createContentService({ db, logger });
    await content.seed();
    return content.router;
  },
});
