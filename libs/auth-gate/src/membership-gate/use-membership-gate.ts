import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPasskeyClient } from '@croft/api-client';
import { useToast } from '@croft/ui';
import { createDeviceStore, type DeviceStore } from '../device-store';
import {
  createMembershipGateController,
  type AllowedVia,
  type GatePasskeyClient,
  type GateState,
  type MembershipGateController,
} from './membership-gate-controller';
import { createBrowserPasskeyApi, type PasskeyApi } from './passkey-api';

export interface UseMembershipGateOptions {
  /** Called each time the gate lets the person through. */
  onAllowed?: (via: AllowedVia) => void;
  /** Defaults: the identity service at /api/identity, window storage, @simplewebauthn/browser, Date.now. */
  client?: GatePasskeyClient;
  device?: DeviceStore;
  passkeys?: PasskeyApi;
  clock?: { now(): number };
  displayName?: string;
}

export interface MembershipGateHandle {
  state: GateState;
  /** Open the gate (debounced 400 ms; ignored while one is in flight). */
  start: () => Promise<void>;
  close: () => void;
  controller: MembershipGateController;
}

/** The membership gate for React: one controller per component, its state as React state. */
export function useMembershipGate(options: UseMembershipGateOptions = {}): MembershipGateHandle {
  const { toast } = useToast();
  const latest = useRef({ onAllowed: options.onAllowed, toast });
  useEffect(() => {
    latest.current = { onAllowed: options.onAllowed, toast };
  });
  const [controller] = useState(() =>
    createMembershipGateController({
      client: options.client ?? createPasskeyClient(),
      device: options.device ?? createDeviceStore(),
      passkeys: options.passkeys ?? createBrowserPasskeyApi(),
      clock: options.clock,
      displayName: options.displayName,
      toast: (t) => latest.current.toast(t),
      onAllowed: (via) => latest.current.onAllowed?.(via),
    }),
  );
  useEffect(() => () => controller.close(), [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  return { state, start: controller.start, close: controller.close, controller };
}
