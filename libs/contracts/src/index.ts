export * from './constants';
export * from './errors';
export * from './content';
export * from './federation';
