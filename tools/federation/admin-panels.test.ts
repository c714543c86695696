import { describe, expect, it } from 'vitest';
import { adminPanels, REMOTES, type RemoteEntry } from '@croft/contracts/remotes';

const cinema = (exposes: RemoteEntry['exposes']): RemoteEntry => ({ name: 'cinema', folder: 'cinema', devPort: 1, label: 'Cinema', exposes });

describe('admin panels in the remote registry', () => {
  it('the real registry is valid (the cms lists its own screens itself)', () => {
    expect(() => adminPanels(REMOTES)).not.toThrow();
  });

  it("lists each remote's admin modules with their card and federation id", () => {
    const panels = adminPanels([
      cinema({
        CinemaBooking: { file: 'src/booking.tsx', kind: 'dialog' },
        AdminPanel: { file: 'src/admin.tsx', kind: 'admin', admin: { title: 'Cinema', path: 'cinema', description: 'Screenings and tickets.' } },
      }),
    ]);
    expect(panels).toEqual([
      { id: 'cinema/AdminPanel', remote: 'cinema', title: 'Cinema', path: 'cinema', description: 'Screenings and tickets.' },
    ]);
  });

  it('refuses a panel without its card, a bad or reserved path, and two panels on one path', () => {
    expect(() => adminPanels([cinema({ AdminPanel: { file: 'a.tsx', kind: 'admin' } })])).toThrow(/no admin metadata/);
    const at = (path: string) => ({ file: 'a.tsx', kind: 'admin' as const, admin: { title: 'T', path, description: 'D' } });
    expect(() => adminPanels([cinema({ AdminPanel: at('Cinema/Admin') })])).toThrow(/one lower-case segment/);
    expect(() => adminPanels([cinema({ AdminPanel: at('people') })])).toThrow(/cms's own screen/);
    expect(() => adminPanels([cinema({ A: at('cinema'), B: at('cinema') })])).toThrow(/both want \/admin\/cinema/);
  });
});
