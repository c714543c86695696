/**
 * The QA scenarios (libs/mocks, `?scenario=` on a standalone remote, the Storybook toolbar) do what
 * their labels say, seen through the same clients the pages use.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMIT_MESSAGE } from '@croft/contracts';
import { MOCK_USER_HANDLE, SCENARIOS, scenarioHandlers, scenariosFromSearch } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createContentClient } from './content-client';
import { createIdentityClient } from './identity-client';
import { createNewsletterClient } from './newsletter-client';
import { createNudgeClient, createNudgeStaffClient } from './nudge-client';
import { createPasskeyClient } from './passkey-client';
import { createVenueClient } from './venue-client';

const server = createMockServer([]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const options = { baseUrl: 'http://qa.test' };
const venue = createVenueClient(options);
const content = createContentClient(options);
const identity = createIdentityClient(options);
const newsletter = createNewsletterClient(options);
const passkeys = createPasskeyClient(options);

const use = (...ids: string[]) => server.resetHandlers(...scenarioHandlers(ids));
const subscriber = { email: 'qa@croft.example', name: 'Quinn', consent: true as const };

describe('QA scenarios', () => {
  it('have unique ids, each "default", a cross-cutting one or "<service>:<what>"', () => {
    const ids = SCENARIOS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(default|server-error|offline|slow|loading|(content|identity|newsletter|venue|loyalty|cinema|nudge|analytics):[a-z0-9-]+)$/);
  });

  it('default answers every service normally', async () => {
    use('default');
    expect(await venue.getCommonGoodTotal()).toBeGreaterThan(0);
    expect((await content.listFaq('home')).length).toBeGreaterThan(0);
  });

  it('server-error fails every call with the envelope; offline fails to connect', async () => {
    use('server-error');
    await expect(venue.getCommonGoodTotal()).rejects.toMatchObject({ status: 500, code: 'internal_error' });
    await expect(content.listFaq('home')).rejects.toMatchObject({ status: 500 });
    use('offline');
    await expect(venue.getCommonGoodTotal()).rejects.toMatchObject({ code: 'network_error' });
  });

  it('a service scenario changes only its own service', async () => {
    use('venue:total-unavailable');
    await expect(venue.getCommonGoodTotal()).rejects.toMatchObject({ status: 500 });
    expect((await content.listFaq('home')).length).toBeGreaterThan(0);
    use('content:no-faq');
    expect(await content.listFaq('home')).toEqual([]);
    expect(await venue.getCommonGoodTotal()).toBeGreaterThan(0);
  });

  it('venue:messages-rate-limited answers with the service words', async () => {
    use('venue:messages-rate-limited');
    await expect(venue.sendCommonGoodMessage({ name: 'Q', message: 'Hello' })).rejects.toMatchObject({
      status: 429,
      message: MESSAGE_LIMIT_MESSAGE,
    });
  });

  it('newsletter, identity and passkey scenarios', async () => {
    use('newsletter:welcome-failed');
    expect(await newsletter.subscribe(subscriber)).toMatchObject({ welcome_email: 'failed' });
    use('identity:code-not-sent');
    await expect(identity.sendCode({ email: 'qa@croft.example', createUser: false })).rejects.toMatchObject({ code: 'email_send_failed' });
    use('identity:not-subscribed');
    await expect(passkeys.startLink({ userHandle: MOCK_USER_HANDLE, email: 'qa@croft.example' })).rejects.toMatchObject({ status: 403 });
  });

  it('nudge scenarios: this browser on or linked, the staff history, and their failures', async () => {
    const nudge = createNudgeClient({ ...options, getAccessToken: () => null });
    const staff = createNudgeStaffClient({ ...options, getAccessToken: () => 'staff-token' });
    use('default');
    expect((await nudge.mine()).subscription).toBeNull();
    use('nudge:on');
    expect((await nudge.mine()).subscription).toMatchObject({ linked: false });
    use('nudge:linked');
    expect((await nudge.mine()).subscription).toMatchObject({ linked: true, linked_via: 'account' });
    use('nudge:history');
    expect((await staff.list()).map((n) => n.state)).toEqual(['scheduled', 'sent']);
    use('nudge:staff-fails');
    await expect(staff.list()).rejects.toMatchObject({ status: 500 });
    use('nudge:email-fails');
    await expect(nudge.linkByEmail('qa@croft.example')).rejects.toMatchObject({ status: 502, code: 'email_failed' });
  });

  it('scenarios combine, and the URL names them (unknown ids reported, not applied)', async () => {
    expect(scenariosFromSearch('?scenario=venue:total-unavailable,content:no-faq,nope')).toEqual({
      ids: ['venue:total-unavailable', 'content:no-faq'],
      unknown: ['nope'],
    });
    use('venue:total-unavailable', 'content:no-faq');
    await expect(venue.getCommonGoodTotal()).rejects.toMatchObject({ status: 500 });
    expect(await content.listFaq('home')).toEqual([]);
    expect(() => scenarioHandlers(['nope'])).toThrow('Unknown mock scenario "nope"');
  });
});
