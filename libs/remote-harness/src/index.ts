export { startStandalone, type StandaloneOptions } from './standalone';
