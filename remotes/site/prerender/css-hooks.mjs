// Module hooks for prerendering browser components in Node: a stylesheet import becomes a tiny
// module that records the file's path (the prerender inlines those styles with the markup).
import { fileURLToPath } from 'node:url';

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && /\.css(\?.*)?$/.test(url)) {
    const path = fileURLToPath(url.replace(/\?.*$/, ''));
    return {
      format: 'module',
      shortCircuit: true,
      source: `(globalThis.__prerenderCss ??= []).push(${JSON.stringify(path)});`,
    };
  }
  return nextLoad(url, context);
}
