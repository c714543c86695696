import { describe, expect, it, vi } from 'vitest';
import { settlesWithinTheTask } from './testing';

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn(), registerPlugins: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { registerRemoteLocations, yieldAroundContainerStart } = await import('./remote-loader');
const { DEFAULT_LOCATIONS } = await import('./remote-manifest');

describe('yieldAroundContainerStart: a remote container starts in tasks of its own', () => {
  it('lets a frame and a task pass before the container starts, and again before its first module is asked for, changing nothing', async () => {
    for (const hook of [yieldAroundContainerStart.beforeInitContainer, yieldAroundContainerStart.initContainer]) {
      const args = { shareScope: {}, initScope: [] } as never;
      const passed = Promise.resolve(hook!(args));
      expect(await settlesWithinTheTask(passed)).toBe(false);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      expect(await settlesWithinTheTask(passed)).toBe(true);
      expect(await passed).toBe(args);
    }
  });

  it('is registered with the runtime along with the remotes', () => {
    registerRemoteLocations(DEFAULT_LOCATIONS);
    expect(runtime.registerPlugins).toHaveBeenCalledWith([yieldAroundContainerStart]);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'site', entry: DEFAULT_LOCATIONS.site }]));
  });
});
