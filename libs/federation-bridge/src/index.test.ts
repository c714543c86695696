import { describe, expect, it, vi } from 'vitest';
import { loadFederatedModule, NoFederationHostError, provideRemoteLoader } from './index';

describe('federation bridge', () => {
  it('refuses clearly when no host provided a loader, then uses the one provided', async () => {
    await expect(loadFederatedModule('loyalty/LoyaltyCard')).rejects.toBeInstanceOf(NoFederationHostError);
    const loader = vi.fn(async (id: string) => ({ id }));
    provideRemoteLoader(loader);
    await expect(loadFederatedModule('cinema/CinemaBooking')).resolves.toEqual({ id: 'cinema/CinemaBooking' });
    expect(loader).toHaveBeenCalledWith('cinema/CinemaBooking');
  });
});
