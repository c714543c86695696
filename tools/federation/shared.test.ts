import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without type declarations
import { sharedSingletons } from './shared.mjs';

describe('shared singletons', () => {
  it('shares react, react-dom, the router and the design system as singletons; never react-router itself', () => {
    const shared = sharedSingletons() as Record<string, { singleton: boolean }>;
    expect(shared['react-router']).toBeUndefined();
    for (const name of ['react', 'react-dom', '@croft/router', '@croft/ui', '@croft/session', '@croft/federation-bridge', '@croft/query']) expect(shared[name].singleton).toBe(true);
    // One QueryClient and react-query context come through @croft/query (tree-shaken), never the whole package.
    expect(shared['@tanstack/react-query']).toBeUndefined();
  });
});
