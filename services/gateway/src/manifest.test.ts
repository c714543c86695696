import { describe, expect, it } from 'vitest';
import { loadConfig } from '@croft/service-kit';
import { REMOTES, remoteManifestSchema } from '@croft/contracts';
import { gatewayConfigSchema } from './config';
import { buildRemoteManifest, REMOTE_DIRS } from './manifest';

describe('remote manifest from the registry', () => {
  it('serves every registered remote from /remotes/<folder>/ by default', () => {
    const manifest = buildRemoteManifest(loadConfig(gatewayConfigSchema, {}));
    expect(remoteManifestSchema.parse(manifest)).toEqual(manifest);
    for (const remote of REMOTES) {
      expect(manifest.remotes[remote.name]).toBe(`/remotes/${remote.folder}/remoteEntry.js`);
      expect(REMOTE_DIRS[remote.name]).toBe(remote.folder);
    }
  });

  it('reads a REMOTE_<NAME>_URL variable for each remote and checks it', () => {
    const config = loadConfig(gatewayConfigSchema, { REMOTE_COMMON_ROOM_URL: 'https://cdn.example/common-room/v3/remoteEntry.js' });
    expect(buildRemoteManifest(config).remotes.common_room).toBe('https://cdn.example/common-room/v3/remoteEntry.js');
    for (const remote of REMOTES) {
      const variable = `REMOTE_${remote.name.toUpperCase()}_URL`;
      expect(() => loadConfig(gatewayConfigSchema, { [variable]: 'javascript:alert(1)' })).toThrow(variable);
    }
  });
});
