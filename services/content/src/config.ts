import { baseConfigSchema } from '@croft/service-kit';

export const CONTENT_DEFAULT_PORT = 3101;

/** The content service reads only the common variables. */
export const contentConfigSchema = baseConfigSchema(CONTENT_DEFAULT_PORT);
