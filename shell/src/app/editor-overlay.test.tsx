import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn(), registerPlugins: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { EditorOverlay } = await import('./editor-overlay');
const { SessionContext } = await import('./session-context');
const { registerRemoteLocations } = await import('./remote-loader');
const { DEFAULT_LOCATIONS } = await import('./remote-manifest');

function Overlay() {
  return <aside aria-label="Content editing">overlay</aside>;
}

describe('EditorOverlay', () => {
  beforeEach(() => {
    runtime.loadRemote.mockReset();
    registerRemoteLocations(DEFAULT_LOCATIONS);
  });

  it('loads nothing for a visitor or a member who is not an editor', async () => {
    runtime.loadRemote.mockResolvedValue({ default: Overlay });
    await act(async () => {
      render(
        <>
          <EditorOverlay />
          <SessionContext.Provider value={{ email: 'member@example.com', roles: [] }}>
            <EditorOverlay />
          </SessionContext.Provider>
        </>,
      );
    });
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    expect(screen.queryByRole('complementary', { name: 'Content editing' })).toBeNull();
  });

  it("fetches the cms remote's overlay for a signed-in editor", async () => {
    runtime.loadRemote.mockResolvedValue({ default: Overlay });
    await act(async () => {
      render(
        <SessionContext.Provider value={{ email: 'editor@croftcommon.co.uk', roles: ['editor'] }}>
          <EditorOverlay />
        </SessionContext.Provider>,
      );
    });
    expect(await screen.findByRole('complementary', { name: 'Content editing' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledWith('cms/Overlay');
  });
});
