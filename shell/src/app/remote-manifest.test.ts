import { describe, expect, it, vi } from 'vitest';
import { REMOTES } from '@croft/contracts/remotes';
import { DEFAULT_LOCATIONS, fetchRemoteManifest, parseRemoteManifest } from './remote-manifest';

describe('parseRemoteManifest', () => {
  it('takes the locations it is given and defaults the rest', () => {
    const parsed = parseRemoteManifest({ remotes: { site: 'https://cdn.example/site/remoteEntry.js' } });
    expect(parsed.site).toBe('https://cdn.example/site/remoteEntry.js');
    expect(parsed.cms).toBe(DEFAULT_LOCATIONS.cms);
  });

  it('rejects a manifest without remotes or with a bad entry', () => {
    expect(() => parseRemoteManifest({})).toThrow(/remotes/);
    expect(() => parseRemoteManifest({ remotes: { site: 42 } })).toThrow(/site/);
    expect(() => parseRemoteManifest({ remotes: { site: '' } })).toThrow(/site/);
  });
});

describe('DEFAULT_LOCATIONS', () => {
  it("serves every remote of the registry from the gateway's /remotes/<folder>/", () => {
    expect(Object.keys(DEFAULT_LOCATIONS)).toEqual(REMOTES.map((r) => r.name));
    expect(DEFAULT_LOCATIONS.common_room).toBe('/remotes/common-room/remoteEntry.js');
  });
});

describe('fetchRemoteManifest', () => {
  it('falls back to the default locations when the manifest cannot be read', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = vi.fn(async () => new Response('nope', { status: 503 }));
    await expect(fetchRemoteManifest(failing)).resolves.toEqual(DEFAULT_LOCATIONS);
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('returns the served locations', async () => {
    const ok = vi.fn(async () => Response.json({ remotes: { cinema: '/v2/cinema/remoteEntry.js' } }));
    const locations = await fetchRemoteManifest(ok);
    expect(locations.cinema).toBe('/v2/cinema/remoteEntry.js');
    expect(ok).toHaveBeenCalledWith('/mf-manifest.json', expect.anything());
  });
});
