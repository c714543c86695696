// Schemas use zod/mini: the same schema validates on the server and in the visitor's browser,
// where the classic API's method chains would cost ~20 KB gzip for a handful of shapes.
export * from './constants';
export * from './errors';
export * from './email';
export * from './content';
export * from './federation';
export * from './route-table';
export * from './newsletter';
export * from './identity';
export * from './imagery';
export * from './venue';
export * from './cms';
export * from './secret-words';
export * from './cms-editing';
export * from './audit';
export * from './people';
export * from './page-text';
export * from './page-text-all';
export * from './endpoint';
export * from './endpoints/venue';
export * from './endpoints/content';
export * from './endpoints/content-secret-words';
export * from './endpoints/newsletter';
export * from './endpoints/identity';
export * from './endpoints/identity-people';
export * from './endpoints/content-editing';
