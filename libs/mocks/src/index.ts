export { buildFaqRow, buildFaqFixtures } from './content/faq-factory';
export { contentHandlers } from './content/handlers';
export { defaultHandlers } from './handlers';
