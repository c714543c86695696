import { register } from 'node:module';

register('./css-hooks.mjs', import.meta.url);
