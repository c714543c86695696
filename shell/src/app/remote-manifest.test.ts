import { describe, expect, it, vi } from 'vitest';
import { REMOTES } from '@croft/contracts/remotes';
import { DEFAULT_LOCATIONS, applyRemoteOverrides, fetchRemoteManifest, parseRemoteManifest } from './remote-manifest';

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

describe('QA remote overrides (?remote.<name>=<url>)', () => {
  const served = (manifest: unknown) => vi.fn(async () => Response.json(manifest));
  const QA = 'https://qa.croft.example';

  it('loads one remote from an allow-listed origin', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const locations = await fetchRemoteManifest(
      served({ remotes: {}, qaOverrideOrigins: [QA] }),
      `?remote.cinema=${encodeURIComponent(`${QA}/pr-42/remoteEntry.js`)}`,
    );
    expect(locations.cinema).toBe(`${QA}/pr-42/remoteEntry.js`);
    expect(locations.site).toBe(DEFAULT_LOCATIONS.site);
    warn.mockRestore();
  });

  it('refuses an origin that is not allow-listed, and any override when the gateway lists none (production default)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const evil = `?remote.cinema=${encodeURIComponent('https://evil.example/remoteEntry.js')}`;
    expect((await fetchRemoteManifest(served({ remotes: {}, qaOverrideOrigins: [QA] }), evil)).cinema).toBe(DEFAULT_LOCATIONS.cinema);
    expect((await fetchRemoteManifest(served({ remotes: {} }), `?remote.cinema=${encodeURIComponent(`${QA}/x.js`)}`)).cinema).toBe(
      DEFAULT_LOCATIONS.cinema,
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('origin https://evil.example is not allow-listed'));
    warn.mockRestore();
  });

  it('refuses unknown remotes, non-URLs, other schemes and look-alike origins', () => {
    const result = applyRemoteOverrides(DEFAULT_LOCATIONS, [QA], new URLSearchParams({
      'remote.nope': `${QA}/a.js`,
      'remote.site': 'not a url',
      'remote.cms': `javascript:alert(1)`,
      'remote.loyalty': `https://qa.croft.example.evil.example/a.js`,
      'remote.common_room': `http://qa.croft.example/a.js`,
    }).toString());
    expect(result.applied).toEqual([]);
    expect(result.refused.map((r) => r.param)).toEqual(['remote.nope', 'remote.site', 'remote.cms', 'remote.loyalty', 'remote.common_room']);
    expect(result.locations).toEqual(DEFAULT_LOCATIONS);
  });
});
