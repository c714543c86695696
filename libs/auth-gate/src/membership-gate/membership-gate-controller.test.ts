import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@croft/api-client';
import { createDeviceStore, createMemoryStorage, DEVICE_STORAGE_KEYS } from '../device-store';
import { createMembershipGateController, type GatePasskeyClient, type GateState, type GateToast } from './membership-gate-controller';
import type { PasskeyApi } from './passkey-api';

const DAY = 24 * 60 * 60 * 1000;
const HANDLE = 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc';
const NEW_HANDLE = 'CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk';
const RP = { rpId: 'croft.test', origin: 'https://croft.test' };
const authResp = { id: 'cred', rawId: 'cred', response: {}, clientExtensionResults: {}, type: 'public-key' } as never;
const attResp = { id: 'cred', rawId: 'cred', response: {}, clientExtensionResults: {}, type: 'public-key' } as never;
const requestOptions = { challenge: 'c2VydmVy' };
const creationOptions = { challenge: 'c2VydmVy', rp: { name: 'Croft Common' }, user: { id: NEW_HANDLE, name: 'm', displayName: 'm' }, pubKeyCredParams: [] };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function domError(name: string) {
  return new DOMException('The operation failed', name);
}

interface SetupOptions {
  handle?: string;
  lastSuccessAt?: number;
  hasCredentials?: boolean;
  supported?: boolean;
  platform?: boolean;
  apple?: boolean;
  client?: Partial<GatePasskeyClient>;
  passkeys?: Partial<PasskeyApi>;
}

function setup(options: SetupOptions = {}) {
  const start = 1_000 * DAY;
  const clock = { t: start, now: () => clock.t };
  const local = createMemoryStorage();
  const session = createMemoryStorage();
  if (options.handle) local.setItem(DEVICE_STORAGE_KEYS.userHandle, options.handle);
  if (options.hasCredentials) local.setItem(DEVICE_STORAGE_KEYS.hasCredentials, '1');
  if (options.lastSuccessAt !== undefined) local.setItem(DEVICE_STORAGE_KEYS.lastSuccessAt, String(options.lastSuccessAt));
  const device = createDeviceStore({ local, session });
  const client = {
    registerOptions: vi.fn(async () => ({ options: creationOptions as never, userHandle: NEW_HANDLE })),
    registerVerify: vi.fn(async ({ userHandle }: { userHandle: string }) => ({ verified: true, userHandle, requiresLinking: true })),
    authOptions: vi.fn(async () => ({ options: requestOptions as never }) as Awaited<ReturnType<GatePasskeyClient['authOptions']>>),
    authVerify: vi.fn(async ({ userHandle }: { userHandle?: string }) => ({ verified: true, userHandle: userHandle ?? HANDLE, hasExistingLink: true })),
    startLink: vi.fn(async () => undefined),
    verifyLink: vi.fn(async () => undefined),
    checkMembership: vi.fn(async () => ({ linked: true, isLinked: true, linkedAndActive: true, active: true })),
    ...options.client,
  };
  const passkeys: PasskeyApi = {
    isSupported: () => options.supported ?? true,
    platformAuthenticatorAvailable: async () => options.platform ?? true,
    startAuthentication: vi.fn(async () => authResp),
    startRegistration: vi.fn(async () => attResp),
    cancel: vi.fn(),
    prefersDiscoverableAfterRegistration: () => options.apple ?? false,
    relyingParty: () => RP,
    ...options.passkeys,
  };
  const toasts: GateToast[] = [];
  const onAllowed = vi.fn();
  const onBackgroundError = vi.fn();
  const gate = createMembershipGateController({
    client: client as GatePasskeyClient,
    device,
    passkeys,
    clock,
    toast: (t) => toasts.push(t),
    onAllowed,
    onBackgroundError,
  });
  const titles = () => toasts.map((t) => t.title);
  const state = <V extends GateState['view']>(view: V) => {
    const s = gate.getState();
    expect(s.view).toBe(view);
    return s as Extract<GateState, { view: V }>;
  };
  return { gate, clock, device, local, session, client, passkeys, toasts, titles, onAllowed, onBackgroundError, state, start };
}

/** A trusted device: linked five days ago. */
const trusted = (extra: SetupOptions = {}) => setup({ handle: HANDLE, lastSuccessAt: 995 * DAY, hasCredentials: true, ...extra });

describe('membership gate: opening', () => {
  it('with no stored handle opens the passkey modal', async () => {
    const { gate, state, client } = setup();
    await gate.start();
    expect(state('passkey')).toMatchObject({ support: 'supported', busy: false, message: null, canUseEmail: false });
    expect(client.checkMembership).not.toHaveBeenCalled();
  });

  it('says when passkeys are not supported, offers email, and ignores the passkey button', async () => {
    const { gate, state, client } = setup({ supported: false });
    await gate.start();
    expect(state('passkey')).toMatchObject({ support: 'unsupported', message: 'Passkeys are not supported in this browser.', canUseEmail: true });
    await gate.unlockWithPasskey();
    expect(client.authOptions).not.toHaveBeenCalled();
    gate.useEmailInstead();
    expect(gate.getState()).toEqual({ view: 'email' });
  });

  it('says when there is no built-in authenticator', async () => {
    const { gate, state } = setup({ platform: false });
    await gate.start();
    expect(state('passkey')).toMatchObject({ support: 'no_platform', message: 'No built-in authenticator available on this device.', canUseEmail: true });
  });

  it('with a trusted stored handle that is linked, allows access with the success toast', async () => {
    const { gate, client, titles, onAllowed } = trusted();
    await gate.start();
    expect(client.checkMembership).toHaveBeenCalledWith({ userHandle: HANDLE });
    expect(gate.getState()).toEqual({ view: 'allowed', via: 'membership' });
    expect(titles()).toEqual(['Croft Common Membership access granted via secure Face ID/Passkey']);
    expect(onAllowed).toHaveBeenCalledWith('membership');
  });

  it('opens the link modal when the handle is linked but not active', async () => {
    const { gate, state, onAllowed } = trusted({
      client: { checkMembership: vi.fn(async () => ({ linked: true, isLinked: true, linkedAndActive: false, active: false })) },
    });
    await gate.start();
    expect(state('link')).toMatchObject({ step: 'email', notice: null, error: null });
    expect(onAllowed).not.toHaveBeenCalled();
  });

  it('opens the link modal when the membership check fails', async () => {
    const { gate, state, titles } = trusted({ client: { checkMembership: vi.fn(async () => Promise.reject(new ApiError(500, 'server', 'boom'))) } });
    await gate.start();
    expect(state('link').step).toBe('email');
    expect(titles()).toEqual([]);
  });

  it('trusts the device for 180 days after the last long-term success, then asks for a relink', async () => {
    const atLimit = trusted({ lastSuccessAt: 1_000 * DAY - 180 * DAY });
    await atLimit.gate.start();
    expect(atLimit.gate.getState().view).toBe('allowed');

    const expired = trusted({ lastSuccessAt: 1_000 * DAY - 180 * DAY - 1 });
    await expired.gate.start();
    expect(expired.client.checkMembership).not.toHaveBeenCalled();
    expect(expired.state('link').notice).toBe('For your security, please relink your membership to this device.');
    expect(expired.titles()).toEqual(['For your security, please relink your membership to this device.']);
  });

  it('treats a handle that was never stamped as untrusted', async () => {
    const { gate, state, client } = setup({ handle: HANDLE });
    await gate.start();
    expect(state('link').notice).toMatch(/relink/);
    expect(client.checkMembership).not.toHaveBeenCalled();
  });
});

describe('membership gate: start debounce and in-flight', () => {
  it('ignores a start within 400 ms of the last one', async () => {
    const { gate, clock, client } = trusted();
    await gate.start();
    gate.close();
    clock.t += 399;
    await gate.start();
    expect(client.checkMembership).toHaveBeenCalledTimes(1);
    expect(gate.getState().view).toBe('idle');
    clock.t += 1;
    await gate.start();
    expect(client.checkMembership).toHaveBeenCalledTimes(2);
    expect(gate.getState().view).toBe('allowed');
  });

  it('ignores a start while one is in flight', async () => {
    const check = deferred<{ linked: boolean; isLinked: boolean; linkedAndActive: boolean; active: boolean }>();
    const { gate, clock, client } = trusted({ client: { checkMembership: vi.fn(() => check.promise) } });
    const first = gate.start();
    clock.t += 1_000;
    await gate.start();
    expect(client.checkMembership).toHaveBeenCalledTimes(1);
    check.resolve({ linked: true, isLinked: true, linkedAndActive: true, active: true });
    await first;
    expect(gate.getState().view).toBe('allowed');
  });

  it('closing resets everything and drops late answers', async () => {
    const check = deferred<{ linked: boolean; isLinked: boolean; linkedAndActive: boolean; active: boolean }>();
    const { gate, titles, onAllowed } = trusted({ client: { checkMembership: vi.fn(() => check.promise) } });
    const pending = gate.start();
    expect(gate.getState().view).toBe('checking');
    gate.close();
    check.resolve({ linked: true, isLinked: true, linkedAndActive: true, active: true });
    await pending;
    expect(gate.getState()).toEqual({ view: 'idle' });
    expect(titles()).toEqual([]);
    expect(onAllowed).not.toHaveBeenCalled();
  });
});

describe('membership gate: passkey unlock', () => {
  it('authenticates with a discoverable credential when no handle is stored, stores the handle and allows', async () => {
    const { gate, client, passkeys, device, clock, titles, onAllowed } = setup({ hasCredentials: true });
    await gate.start();
    await gate.unlockWithPasskey();
    expect(client.authOptions).toHaveBeenCalledWith({ userHandle: undefined, discoverable: true, ...RP });
    expect(passkeys.startAuthentication).toHaveBeenCalledWith(requestOptions);
    expect(client.authVerify).toHaveBeenCalledWith({ userHandle: undefined, authResp, ...RP });
    expect(gate.getState()).toEqual({ view: 'allowed', via: 'passkey' });
    expect(device.getUserHandle()).toBe(HANDLE);
    expect(device.getLastSuccessAt()).toBe(clock.t);
    expect(titles()).toEqual(['Croft Common Membership access granted via secure Face ID/Passkey']);
    expect(onAllowed).toHaveBeenCalledWith('passkey');
    await gate.whenIdle();
    expect(client.registerOptions).not.toHaveBeenCalled();
  });

  it('opens the link modal when the passkey has no membership link yet', async () => {
    const { gate, state, device } = setup({
      hasCredentials: true,
      client: { authVerify: vi.fn(async () => ({ verified: true, userHandle: HANDLE, hasExistingLink: false })) },
    });
    await gate.start();
    await gate.unlockWithPasskey();
    expect(state('link').step).toBe('email');
    expect(device.getUserHandle()).toBe(HANDLE);
  });

  it('with no passkey on the device says so, registers one, then asks to link', async () => {
    const registered = deferred<never>();
    const seen: (string | null)[] = [];
    const { gate, client, passkeys, device, session, clock, state } = setup({
      passkeys: {
        startRegistration: vi.fn(async () => {
          seen.push((gate.getState() as { message: string | null }).message);
          return registered.promise;
        }),
      },
    });
    await gate.start();
    const unlocking = gate.unlockWithPasskey();
    await vi.waitFor(() => expect(passkeys.startRegistration).toHaveBeenCalled());
    expect(seen).toEqual(["No passkey saved yet. We'll create one now."]);
    expect(client.authOptions).not.toHaveBeenCalled();
    expect(client.registerOptions).toHaveBeenCalledWith({ userHandle: undefined, displayName: 'Croft Common member', ...RP });
    registered.resolve(attResp);
    await unlocking;
    expect(client.registerVerify).toHaveBeenCalledWith({ userHandle: NEW_HANDLE, attResp, ...RP });
    expect(state('link').step).toBe('email');
    expect(device.getUserHandle()).toBe(NEW_HANDLE);
    expect(device.hasCredentials()).toBe(true);
    expect(session.getItem(DEVICE_STORAGE_KEYS.recentRegistrationAt)).toBe(String(clock.t));
  });

  it('registers when the server has no credentials for the handle, and allows when already linked', async () => {
    const { gate, client } = setup({
      hasCredentials: true,
      client: {
        authOptions: vi.fn(async () => ({ error: 'no_credentials' as const })),
        registerVerify: vi.fn(async () => ({ verified: true, userHandle: NEW_HANDLE, requiresLinking: false })),
      },
    });
    await gate.start();
    await gate.unlockWithPasskey();
    expect(client.registerOptions).toHaveBeenCalled();
    expect(gate.getState()).toEqual({ view: 'allowed', via: 'passkey' });
  });

  it('prefers a discoverable credential within 10 minutes of a registration on Safari/iOS', async () => {
    for (const [minutesAgo, apple, discoverable] of [
      [9, true, true],
      [11, true, false],
      [9, false, false],
    ] as const) {
      const t = setup({ hasCredentials: true, apple });
      await t.gate.start(); // no handle yet: the passkey modal
      t.device.setUserHandle(HANDLE);
      t.device.stampRecentRegistration(t.clock.t - minutesAgo * 60 * 1000);
      await t.gate.unlockWithPasskey();
      expect(t.client.authOptions).toHaveBeenLastCalledWith({ userHandle: HANDLE, discoverable, ...RP });
    }
  });

  it.each([
    ['NotAllowedError', 'Face ID / Passkey was closed or timed out. Please try again.'],
    ['SecurityError', 'Passkeys need a secure connection. Use HTTPS and avoid Private Browsing, then try again.'],
    ['AbortError', 'Face ID / Passkey was cancelled. Please try again.'],
    ['TimeoutError', 'Face ID / Passkey timed out. Please try again.'],
    ['UnknownError', 'Biometric unlock failed. You can try again or use email.'],
  ])('shows the message for %s and offers email', async (name, message) => {
    const { gate, state } = setup({ hasCredentials: true, passkeys: { startAuthentication: vi.fn(async () => Promise.reject(domError(name))) } });
    await gate.start();
    await gate.unlockWithPasskey();
    expect(state('passkey')).toMatchObject({ busy: false, message, tone: 'error', canUseEmail: true });
  });

  it("says 'auth_options_failed' when the options cannot be fetched", async () => {
    const { gate, state } = setup({ hasCredentials: true, client: { authOptions: vi.fn(async () => Promise.reject(new ApiError(500, 'server', 'x'))) } });
    await gate.start();
    await gate.unlockWithPasskey();
    expect(state('passkey').message).toBe('Could not start Face ID / Passkey. Please try again or use email.');
  });

  it('clears legacy stored credentials when the relying party changed, then registers on the next try', async () => {
    const { gate, state, device, client, clock } = setup({
      hasCredentials: true,
      client: { authOptions: vi.fn(async () => Promise.reject(new ApiError(400, 'rp_id_mismatch', 'x'))) },
    });
    device.stampLongTermSuccess(clock.t);
    await gate.start();
    await gate.unlockWithPasskey();
    expect(state('passkey').message).toBe('This site’s passkey settings changed. Please set up Face ID / Passkey again on this device.');
    expect(device.hasCredentials()).toBe(false);
    expect(device.getLastSuccessAt()).toBeNull();
    await gate.unlockWithPasskey();
    expect(client.registerOptions).toHaveBeenCalledTimes(1);
  });

  it('reports a failed server verification', async () => {
    const { gate, state, device } = setup({
      hasCredentials: true,
      client: { authVerify: vi.fn(async () => ({ verified: false, userHandle: HANDLE, hasExistingLink: false })) },
    });
    await gate.start();
    await gate.unlockWithPasskey();
    expect(state('passkey').message).toBe('We could not verify your passkey. Please try again or use email.');
    expect(device.getUserHandle()).toBeNull();
  });

  it('maps a registration that was already made to invalid_state', async () => {
    const { gate, state } = setup({
      passkeys: {
        startRegistration: vi.fn(async () =>
          Promise.reject(Object.assign(new Error('registered'), { name: 'InvalidStateError', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' })),
        ),
      },
    });
    await gate.start();
    await gate.unlockWithPasskey();
    expect(state('passkey').message).toBe('This passkey is already registered. Try signing in instead.');
  });

  it('ignores the button while an unlock is running, and cancels the ceremony on close', async () => {
    const ceremony = deferred<never>();
    const { gate, client, passkeys } = setup({ hasCredentials: true, passkeys: { startAuthentication: vi.fn(() => ceremony.promise) } });
    await gate.start();
    const first = gate.unlockWithPasskey();
    await gate.unlockWithPasskey();
    await vi.waitFor(() => expect(passkeys.startAuthentication).toHaveBeenCalled());
    expect(client.authOptions).toHaveBeenCalledTimes(1);
    gate.close();
    expect(passkeys.cancel).toHaveBeenCalled();
    ceremony.reject(domError('AbortError'));
    await first;
    expect(gate.getState()).toEqual({ view: 'idle' });
  });
});

describe('membership gate: email fallback and background registration', () => {
  it('after an email sign-in allows access, stamps the success and registers a passkey in the background', async () => {
    const { gate, client, device, clock, onAllowed } = setup({ platform: false });
    await gate.start();
    gate.useEmailInstead();
    gate.emailSignedIn();
    expect(gate.getState()).toEqual({ view: 'allowed', via: 'email' });
    expect(onAllowed).toHaveBeenCalledWith('email');
    expect(device.getLastSuccessAt()).toBe(clock.t);
    await gate.whenIdle();
    expect(client.registerOptions).toHaveBeenCalledTimes(1);
    expect(device.getUserHandle()).toBe(NEW_HANDLE);
  });

  it('a person who signed in by email but is not a subscriber is told so and not let through', async () => {
    const { gate, client, device, onAllowed, toasts } = setup({ platform: false });
    await gate.start();
    gate.useEmailInstead();
    gate.emailSignedIn(false);
    expect(gate.getState()).toEqual({ view: 'idle' });
    expect(onAllowed).not.toHaveBeenCalled();
    expect(device.getLastSuccessAt()).toBeNull();
    expect(toasts).toContainEqual(expect.objectContaining({ description: 'That email is not an active subscriber.' }));
    await gate.whenIdle();
    expect(client.registerOptions).not.toHaveBeenCalled();
  });

  it('keeps access when the background registration fails, and reports it quietly', async () => {
    const { gate, onBackgroundError, toasts } = setup({ platform: false, passkeys: { startRegistration: vi.fn(async () => Promise.reject(domError('NotAllowedError'))) } });
    await gate.start();
    gate.useEmailInstead();
    gate.emailSignedIn();
    await gate.whenIdle();
    expect(gate.getState()).toEqual({ view: 'allowed', via: 'email' });
    expect(onBackgroundError).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
  });

  it('runs passkey operations one at a time', async () => {
    const registration = deferred<never>();
    const order: string[] = [];
    const { gate, clock, client, passkeys } = setup({
      passkeys: {
        startRegistration: vi.fn(() => {
          order.push('register');
          return registration.promise;
        }),
        startAuthentication: vi.fn(async () => {
          order.push('authenticate');
          return authResp;
        }),
      },
    });
    await gate.start();
    gate.useEmailInstead();
    gate.emailSignedIn(); // background registration takes the lock
    await vi.waitFor(() => expect(passkeys.startRegistration).toHaveBeenCalled());
    clock.t += 500;
    await gate.start(); // still no handle stored: the passkey modal again
    const unlocking = gate.unlockWithPasskey();
    await new Promise((r) => setTimeout(r, 10));
    expect(client.authOptions).not.toHaveBeenCalled();
    registration.resolve(attResp);
    await unlocking;
    expect(order).toEqual(['register', 'authenticate']);
    // The authentication used the handle the background registration stored.
    expect(client.authOptions).toHaveBeenCalledWith({ userHandle: NEW_HANDLE, discoverable: false, ...RP });
    expect(gate.getState()).toEqual({ view: 'allowed', via: 'passkey' });
  });
});

describe('membership gate: link membership', () => {
  async function atLink(extra: SetupOptions = {}) {
    const t = trusted({
      ...extra,
      client: { checkMembership: vi.fn(async () => ({ linked: false, isLinked: false, linkedAndActive: false, active: false })), ...extra.client },
    });
    await t.gate.start();
    expect(t.gate.getState().view).toBe('link');
    return t;
  }

  it('rejects an email that does not match the pattern', async () => {
    const { gate, state, client } = await atLink();
    for (const bad of ['', 'ada', 'ada@example', 'a da@example.com', 'ada@@example.com']) {
      await gate.submitLinkEmail(bad);
      expect(state('link').error).toBe('Please enter a valid email.');
    }
    expect(client.startLink).not.toHaveBeenCalled();
  });

  it('needs a stored passkey handle', async () => {
    const { gate, state, client, local } = await atLink();
    local.removeItem(DEVICE_STORAGE_KEYS.userHandle);
    await gate.submitLinkEmail('ada@example.com');
    expect(state('link').error).toBe('No device passkey found. Please try Face ID again.');
    expect(client.startLink).not.toHaveBeenCalled();
  });

  it.each([
    [new ApiError(403, 'not_subscribed', 'x'), 'That email is not an active subscriber.'],
    [new ApiError(429, 'rate_limited', 'x'), 'Could not send code. Please try again.'],
    [new ApiError(0, 'network_error', 'x'), 'Could not send code. Please try again.'],
  ])('explains a failed start-link (%s)', async (error, message) => {
    const { gate, state } = await atLink({ client: { startLink: vi.fn(async () => Promise.reject(error)) } });
    await gate.submitLinkEmail('ada@example.com');
    expect(state('link')).toMatchObject({ step: 'email', busy: false, error: message, email: 'ada@example.com' });
  });

  it('sends the code, checks its length, goes back, and links', async () => {
    const { gate, state, client, titles, device, clock, onAllowed } = await atLink();
    await gate.submitLinkEmail('  ada@example.com ');
    expect(client.startLink).toHaveBeenCalledWith({ userHandle: HANDLE, email: 'ada@example.com' });
    expect(state('link')).toMatchObject({ step: 'code', email: 'ada@example.com', error: null });
    expect(titles()).toContain('Code sent!');

    for (const bad of ['123', '1234567']) {
      await gate.submitLinkCode(bad);
      expect(state('link').error).toBe('Enter the 6\u2011digit code from your email.');
    }
    expect(client.verifyLink).not.toHaveBeenCalled();

    gate.backToLinkEmail();
    expect(state('link')).toMatchObject({ step: 'email', email: 'ada@example.com', error: null });
    await gate.submitLinkEmail('ada@example.com');

    clock.t += 60_000;
    await gate.submitLinkCode('1234');
    expect(client.verifyLink).toHaveBeenCalledWith({ userHandle: HANDLE, email: 'ada@example.com', code: '1234' });
    expect(gate.getState()).toEqual({ view: 'allowed', via: 'link' });
    expect(titles()).toContain('Membership Linked');
    expect(onAllowed).toHaveBeenCalledWith('link');
    expect(device.getLastSuccessAt()).toBe(clock.t);
    // A handle is stored, so nothing is registered in the background.
    await gate.whenIdle();
    expect(client.registerOptions).not.toHaveBeenCalled();
  });

  it('says the code is invalid or expired when verify-link fails', async () => {
    const { gate, state, onAllowed } = await atLink({ client: { verifyLink: vi.fn(async () => Promise.reject(new ApiError(400, 'invalid_code', 'x'))) } });
    await gate.submitLinkEmail('ada@example.com');
    await gate.submitLinkCode('123456');
    expect(state('link')).toMatchObject({ step: 'code', busy: false, error: 'Invalid or expired code. Please try again.' });
    expect(onAllowed).not.toHaveBeenCalled();
  });

  it('a relink refreshes the device trust', async () => {
    const { gate, clock, client, titles } = trusted({ lastSuccessAt: 1 });
    await gate.start();
    expect(titles()).toEqual(['For your security, please relink your membership to this device.']);
    await gate.submitLinkEmail('ada@example.com');
    await gate.submitLinkCode('123456');
    expect(gate.getState().view).toBe('allowed');
    clock.t += 179 * DAY;
    await gate.start();
    expect(client.checkMembership).toHaveBeenCalledTimes(1);
    expect(gate.getState()).toEqual({ view: 'allowed', via: 'membership' });
  });
});
