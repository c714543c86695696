import type { PasskeyClient } from '@croft/api-client';
import { canonicalEmail } from '@croft/contracts';
import type { DeviceStore } from '../device-store';
import { MESSAGES } from '../messages';
import {
  NO_PASSKEY_YET_MESSAGE,
  PasskeyError,
  needsReRegistration,
  passkeyErrorMessage,
  toPasskeyErrorCode,
  type PasskeyErrorCode,
} from '../passkey-errors';
import type { PasskeyApi } from './passkey-api';

/** Start debounce (spec 001 §9). */
export const GATE_START_DEBOUNCE_MS = 400;
export const LINK_CODE_MIN_LENGTH = 4;
export const LINK_CODE_MAX_LENGTH = 6;

export type PasskeySupport = 'supported' | 'unsupported' | 'no_platform';
/** How access was granted: stored link (membership check), passkey, membership link, or email code. */
export type AllowedVia = 'membership' | 'passkey' | 'link' | 'email';

export type GateState =
  | { view: 'idle' }
  | { view: 'checking' }
  | {
      view: 'passkey';
      support: PasskeySupport;
      busy: boolean;
      /** Shown in the dialog: an unsupported text, a progress note, or an error message. */
      message: string | null;
      tone: 'info' | 'error';
      /** 'Email instead' is offered when passkeys cannot be used here or just failed. */
      canUseEmail: boolean;
    }
  | { view: 'link'; step: 'email' | 'code'; email: string; busy: boolean; error: string | null; notice: string | null }
  | { view: 'email' }
  | { view: 'allowed'; via: AllowedVia };

export interface GateToast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export type GatePasskeyClient = Pick<
  PasskeyClient,
  'registerOptions' | 'registerVerify' | 'authOptions' | 'authVerify' | 'startLink' | 'verifyLink' | 'checkMembership'
>;

export interface MembershipGateDeps {
  client: GatePasskeyClient;
  device: DeviceStore;
  passkeys: PasskeyApi;
  toast: (toast: GateToast) => void;
  clock?: { now(): number };
  /** Called each time access is allowed. */
  onAllowed?: (via: AllowedVia) => void;
  /** The passkey's display name (shown by the platform's passkey manager). */
  displayName?: string;
  /** Background registration failures land here (they never bother the person). */
  onBackgroundError?: (error: unknown) => void;
}

export interface MembershipGateController {
  getState(): GateState;
  subscribe(listener: () => void): () => void;
  /** Open the gate (the secret gesture completed). Ignored while a start is in flight or within 400 ms of the last. */
  start(): Promise<void>;
  /** Close whatever is open and reset everything (a running passkey ceremony is aborted). */
  close(): void;
  /** 'Use Face ID / Passkey'. */
  unlockWithPasskey(): Promise<void>;
  /** 'Email instead': hand over to the email sign-in dialog. */
  useEmailInstead(): void;
  /** The email sign-in dialog verified a code. */
  /**
   * The email sign-in finished. `member` is the signed-in person's live membership (an active
   * newsletter subscriber); a non-member is signed in but not let through the gate.
   */
  emailSignedIn(member?: boolean): void;
  submitLinkEmail(email: string): Promise<void>;
  submitLinkCode(code: string): Promise<void>;
  backToLinkEmail(): void;
  /** Resolves when every queued passkey operation (including background registration) has finished. */
  whenIdle(): Promise<void>;
}

const IDLE: GateState = { view: 'idle' };

/**
 * The membership gate of spec 001 §4 as a small state machine, free of React: every dependency
 * (service client, device storage, clock, WebAuthn, toasts) is injected.
 */
export function createMembershipGateController(deps: MembershipGateDeps): MembershipGateController {
  const { client, device, passkeys, toast } = deps;
  const clock = deps.clock ?? { now: () => Date.now() };
  const displayName = deps.displayName ?? 'Croft Common member';
  const listeners = new Set<() => void>();
  let state: GateState = IDLE;
  let lastStartAt: number | null = null;
  let starting = false;
  /** Bumped by start and close: work begun under an older epoch no longer touches the state. */
  let epoch = 0;
  /** Passkey registration and authentication run one at a time (spec 001 §4). */
  let lock: Promise<void> = Promise.resolve();
  let foregroundCeremony = false;

  function set(next: GateState) {
    state = next;
    for (const listener of [...listeners]) listener();
  }
  function patch<V extends GateState['view']>(view: V, changes: Partial<Extract<GateState, { view: V }>>) {
    if (state.view !== view) return;
    set({ ...state, ...changes } as GateState);
  }

  function withLock<T>(task: () => Promise<T>): Promise<T> {
    const run = lock.then(task);
    lock = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  const rp = () => passkeys.relyingParty();

  function allow(via: AllowedVia, current: number) {
    if (current !== epoch) return;
    set({ view: 'allowed', via });
    deps.onAllowed?.(via);
  }

  /** After a link or auth success: stamp the long-term success, then register a passkey in the background if none is stored. */
  function afterSuccess(via: AllowedVia, current: number) {
    device.stampLongTermSuccess(clock.now());
    allow(via, current);
    if (!device.getUserHandle() && passkeys.isSupported()) {
      void withLock(async () => {
        if (device.getUserHandle()) return;
        await register();
      }).catch((error: unknown) => deps.onBackgroundError?.(error));
    }
  }

  function openLink(current: number, notice: string | null = null) {
    if (current !== epoch) return;
    set({ view: 'link', step: 'email', email: '', busy: false, error: null, notice });
  }

  async function openPasskey(current: number) {
    let support: PasskeySupport = 'supported';
    if (!passkeys.isSupported()) support = 'unsupported';
    else if (!(await passkeys.platformAuthenticatorAvailable())) support = 'no_platform';
    if (current !== epoch) return;
    const message =
      support === 'unsupported' ? MESSAGES.passkeyUnsupported : support === 'no_platform' ? MESSAGES.passkeyNoPlatform : null;
    set({ view: 'passkey', support, busy: false, message, tone: 'info', canUseEmail: support !== 'supported' });
  }

  /** register-options → startRegistration → register-verify; stores the handle. Throws PasskeyError on failure. */
  async function register(): Promise<{ requiresLinking: boolean }> {
    const existing = device.getUserHandle() ?? undefined;
    const created = await client.registerOptions({ userHandle: existing, displayName, ...rp() });
    const attResp = await passkeys.startRegistration(created.options);
    const verified = await client.registerVerify({ userHandle: created.userHandle, attResp, ...rp() });
    if (!verified.verified) {
      throw new PasskeyError(toPasskeyErrorCode({ code: verified.error }) ?? 'verification_failed');
    }
    device.setUserHandle(verified.userHandle || created.userHandle);
    device.setHasCredentials(true);
    device.stampRecentRegistration(clock.now());
    return { requiresLinking: verified.requiresLinking };
  }

  type Outcome = { kind: 'allowed'; via: AllowedVia } | { kind: 'link' };

  async function authenticate(): Promise<Outcome> {
    const handle = device.getUserHandle();
    if (!handle && !device.hasCredentials()) throw new PasskeyError('no_user_handle');
    const discoverable = !handle || (device.hasRecentRegistration(clock.now()) && passkeys.prefersDiscoverableAfterRegistration());
    let requested;
    try {
      requested = await client.authOptions({ userHandle: handle ?? undefined, discoverable, ...rp() });
    } catch (error) {
      const code = toPasskeyErrorCode(error);
      throw new PasskeyError(code === 'rp_id_mismatch' || code === 'rp_context_changed' ? code : 'auth_options_failed');
    }
    if ('error' in requested) throw new PasskeyError('no_credentials');
    const authResp = await passkeys.startAuthentication(requested.options);
    const verified = await client.authVerify({ userHandle: handle ?? undefined, authResp, ...rp() });
    if (!verified.verified) throw new PasskeyError('verification_failed');
    device.setUserHandle(verified.userHandle);
    device.setHasCredentials(true);
    return verified.hasExistingLink ? { kind: 'allowed', via: 'passkey' } : { kind: 'link' };
  }

  function showPasskeyError(code: PasskeyErrorCode | undefined, error: unknown, current: number) {
    if (current !== epoch) return;
    const message = code ? passkeyErrorMessage(code) : passkeyErrorMessage(error);
    patch('passkey', { busy: false, message, tone: 'error', canUseEmail: true });
  }

  const controller: MembershipGateController = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async start() {
      const now = clock.now();
      const open = state.view !== 'idle' && state.view !== 'allowed';
      if (starting || open || (lastStartAt !== null && now - lastStartAt < GATE_START_DEBOUNCE_MS)) return;
      lastStartAt = now;
      starting = true;
      const current = ++epoch;
      try {
        set({ view: 'checking' });
        const handle = device.getUserHandle();
        if (!handle) {
          await openPasskey(current);
          return;
        }
        if (!device.isTrusted(now)) {
          if (current !== epoch) return;
          toast(MESSAGES.relinkMembership);
          openLink(current, MESSAGES.relinkMembership.title);
          return;
        }
        let linked = false;
        try {
          linked = (await client.checkMembership({ userHandle: handle })).linkedAndActive;
        } catch {
          linked = false;
        }
        if (current !== epoch) return;
        if (linked) {
          toast(MESSAGES.membershipGranted);
          allow('membership', current);
        } else {
          openLink(current);
        }
      } finally {
        starting = false;
      }
    },

    close() {
      epoch += 1;
      if (foregroundCeremony) passkeys.cancel();
      foregroundCeremony = false;
      starting = false;
      set(IDLE);
    },

    async unlockWithPasskey() {
      if (state.view !== 'passkey' || state.busy || state.support !== 'supported') return;
      const current = epoch;
      patch('passkey', { busy: true, message: null, tone: 'info' });
      foregroundCeremony = true;
      try {
        const outcome = await withLock(async () => {
          try {
            return await authenticate();
          } catch (error) {
            const code = toPasskeyErrorCode(error);
            if (needsReRegistration(code)) device.clearPasskey();
            if (code !== 'no_credentials' && code !== 'no_user_handle') throw error;
            // No passkey yet: say so, then create one (spec 001 §8).
            if (current === epoch) patch('passkey', { message: NO_PASSKEY_YET_MESSAGE, tone: 'info' });
            const { requiresLinking } = await register();
            return requiresLinking ? ({ kind: 'link' } as const) : ({ kind: 'allowed', via: 'passkey' } as const);
          }
        });
        if (current !== epoch) return;
        if (outcome.kind === 'link') {
          openLink(current);
          return;
        }
        toast(MESSAGES.membershipGranted);
        afterSuccess('passkey', current);
      } catch (error) {
        showPasskeyError(toPasskeyErrorCode(error), error, current);
      } finally {
        if (current === epoch) foregroundCeremony = false;
      }
    },

    useEmailInstead() {
      if (state.view !== 'passkey' || state.busy) return;
      set({ view: 'email' });
    },

    emailSignedIn(member = true) {
      if (state.view !== 'email') return;
      if (!member) {
        toast({ title: 'Not a member yet', description: MESSAGES.linkNotSubscribed, variant: 'destructive' });
        this.close();
        return;
      }
      afterSuccess('email', epoch);
    },

    async submitLinkEmail(raw) {
      if (state.view !== 'link' || state.busy) return;
      const email = raw.trim();
      // The same plain-address rule the service applies (spec 001 §5: 'a simple pattern').
      if (!canonicalEmail(email)) {
        patch('link', { email, error: MESSAGES.linkInvalidEmail });
        return;
      }
      const userHandle = device.getUserHandle();
      if (!userHandle) {
        patch('link', { email, error: MESSAGES.linkNoDevicePasskey });
        return;
      }
      const current = epoch;
      patch('link', { email, busy: true, error: null });
      try {
        await client.startLink({ userHandle, email });
        if (current !== epoch) return;
        toast(MESSAGES.codeSent);
        patch('link', { step: 'code', busy: false, error: null });
      } catch (error) {
        if (current !== epoch) return;
        const code = (error as { code?: unknown } | null)?.code;
        const message =
          code === 'not_subscribed' ? MESSAGES.linkNotSubscribed : code === 'invalid_email' ? MESSAGES.linkInvalidEmail : MESSAGES.linkSendFailed;
        patch('link', { busy: false, error: message });
      }
    },

    async submitLinkCode(raw) {
      if (state.view !== 'link' || state.step !== 'code' || state.busy) return;
      const code = raw.trim();
      if (code.length < LINK_CODE_MIN_LENGTH || code.length > LINK_CODE_MAX_LENGTH) {
        patch('link', { error: MESSAGES.linkCodeLength });
        return;
      }
      const userHandle = device.getUserHandle();
      if (!userHandle) {
        patch('link', { error: MESSAGES.linkNoDevicePasskey });
        return;
      }
      const current = epoch;
      const { email } = state;
      patch('link', { busy: true, error: null });
      try {
        await client.verifyLink({ userHandle, email, code });
      } catch {
        if (current === epoch) patch('link', { busy: false, error: MESSAGES.linkInvalidCode });
        return;
      }
      if (current !== epoch) return;
      toast(MESSAGES.membershipLinked);
      afterSuccess('link', current);
    },

    backToLinkEmail() {
      if (state.view !== 'link' || state.busy) return;
      patch('link', { step: 'email', error: null });
    },

    whenIdle: () => lock,
  };
  return controller;
}
