import { describe, expect, it, vi } from 'vitest';
import { loadRemoteModule, provideRemoteLoader, RemoteLoadError, resetRemote } from './index';

// No remote registers an admin panel yet: answer one made-up id as kind 'admin', the rest as registered.
vi.mock('@croft/contracts/remotes', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@croft/contracts/remotes')>();
  return { ...actual, kindOfModule: (id: string) => (id === 'cinema/AdminPanel' ? 'admin' : actual.kindOfModule(id as never)) };
});

function Panel() {
  return null;
}

describe("the loader and the 'admin' kind", () => {
  it('loads an admin panel whose default export is a component, and refuses any other shape', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const id = 'cinema/AdminPanel' as Parameters<typeof loadRemoteModule>[0];
    provideRemoteLoader({ load: async () => ({ routes: { '/': Panel } }) });
    resetRemote('cinema');
    await expect(loadRemoteModule(id)).rejects.toBeInstanceOf(RemoteLoadError);
    provideRemoteLoader({ load: async () => ({ default: Panel }) });
    resetRemote('cinema');
    await expect(loadRemoteModule(id)).resolves.toEqual({ default: Panel });
    log.mockRestore();
  });
});
