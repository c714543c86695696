import { describe, expect, it, vi } from 'vitest';
import { loadRemoteModule, NoFederationHostError, provideRemoteLoader, RemoteLoadError, resetRemote } from './index';

function Card() {
  return null;
}

describe('remote module loader', () => {
  it('refuses clearly when no host provided a loader, then uses the one provided', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = await loadRemoteModule('loyalty/LoyaltyCard').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RemoteLoadError);
    expect((refused as RemoteLoadError).cause).toBeInstanceOf(NoFederationHostError);
    const load = vi.fn(async () => ({ default: Card }));
    const reset = vi.fn();
    provideRemoteLoader({ load, reset });
    resetRemote('loyalty');
    expect(reset).toHaveBeenCalledWith('loyalty');
    await expect(loadRemoteModule('loyalty/LoyaltyCard')).resolves.toEqual({ default: Card });
    expect(load).toHaveBeenCalledWith('loyalty/LoyaltyCard');
    log.mockRestore();
  });

  it('loads each module once, keeps a failure until reset, and logs once per remote', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValue(new Error('ScriptExternalLoadError'));
    provideRemoteLoader({ load });
    const first = loadRemoteModule('cms/Overlay');
    expect(loadRemoteModule('cms/Overlay')).toBe(first);
    await expect(first).rejects.toBeInstanceOf(RemoteLoadError);
    await expect(loadRemoteModule('cms/Routes')).rejects.toMatchObject({ remote: 'cms', id: 'cms/Routes' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(log.mock.calls.filter(([msg]) => String(msg).includes('remote "cms" failed to load'))).toHaveLength(1);

    load.mockResolvedValue({ routes: {} });
    resetRemote('cms');
    await expect(loadRemoteModule('cms/Routes')).resolves.toEqual({ routes: {} });
    log.mockRestore();
  });

  it('checks the module against the kind the registry gives it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    provideRemoteLoader({ load: async () => ({ default: Card }) });
    resetRemote('site');
    // site/Routes is a routes module: a component default export is not one.
    await expect(loadRemoteModule('site/Routes')).rejects.toBeInstanceOf(RemoteLoadError);
    provideRemoteLoader({ load: async () => ({ routes: { '/': Card } }) });
    resetRemote('cinema');
    await expect(loadRemoteModule('cinema/CinemaBooking')).rejects.toBeInstanceOf(RemoteLoadError);
    log.mockRestore();
  });

  it('refuses an id the registry does not list', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(async () => ({ default: Card }));
    provideRemoteLoader({ load });
    // @ts-expect-error not an exposed module of the registry
    const error = await loadRemoteModule('loyalty/Backdoor').catch((e: unknown) => e);
    expect(String((error as RemoteLoadError).cause)).toMatch(/not an exposed module/);
    expect(load).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
