import { describe, expect, it } from 'vitest';
import { REMOTES, remoteManifestSchema } from '@croft/contracts';
// @ts-expect-error plain ESM helper without type declarations
import { createRemoteConfig, devRemoteManifest } from './rspack-config.mjs';

describe('federation config from the registry', () => {
  it("serves a dev manifest pointing at every remote's dev server", () => {
    const manifest = remoteManifestSchema.parse(devRemoteManifest());
    for (const remote of REMOTES) expect(manifest.remotes[remote.name]).toBe(`http://127.0.0.1:${remote.devPort}/remoteEntry.js`);
  });

  it("builds a remote's config from its registry entry: its name, exposes, folder and dev port", () => {
    const config = createRemoteConfig({ remote: 'cms' }, { mode: 'production' });
    const federation = config.plugins.find((p: object) => p.constructor.name === 'ModuleFederationPlugin');
    expect(federation._options).toMatchObject({
      name: 'cms',
      exposes: { './Routes': './src/routes.tsx', './Overlay': './src/overlay/edit-overlay.tsx' },
    });
    expect(config.output.path).toMatch(/dist\/remotes\/cms$/);
    expect(config.devServer.port).toBe(4205);
    expect(() => createRemoteConfig({ remote: 'nope' }, {})).toThrow(/not in the remote registry/);
  });
});
