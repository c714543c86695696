import {
  browserSupportsWebAuthn,
  platformAuthenticatorIsAvailable,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { RelyingPartyContext } from '@croft/api-client';

/** The browser's passkey abilities, behind an interface so the gate can be tested without WebAuthn. */
export interface PasskeyApi {
  /** window.PublicKeyCredential exists. */
  isSupported(): boolean;
  /** A built-in (platform) authenticator is available: Face ID, Touch ID, Windows Hello… */
  platformAuthenticatorAvailable(): Promise<boolean>;
  startAuthentication(options: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON>;
  startRegistration(options: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON>;
  /** Abort a running ceremony (the dialog closed). */
  cancel(): void;
  /** Safari and iOS find a just-created passkey more reliably as a discoverable credential. */
  prefersDiscoverableAfterRegistration(): boolean;
  /** rpId (location.hostname) and origin (location.origin), sent for the server to compare. */
  relyingParty(): RelyingPartyContext;
}

/** Safari on macOS, or any browser on iOS/iPadOS (all WebKit). */
export function isAppleWebKit(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const safari = /Safari/.test(userAgent) && !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|Android/.test(userAgent);
  return ios || safari;
}

/** The real thing, over @simplewebauthn/browser. */
export function createBrowserPasskeyApi(): PasskeyApi {
  return {
    isSupported: () => browserSupportsWebAuthn(),
    async platformAuthenticatorAvailable() {
      try {
        return await platformAuthenticatorIsAvailable();
      } catch {
        return false;
      }
    },
    startAuthentication: (optionsJSON) => startAuthentication({ optionsJSON }),
    startRegistration: (optionsJSON) => startRegistration({ optionsJSON }),
    cancel: () => WebAuthnAbortService.cancelCeremony(),
    prefersDiscoverableAfterRegistration: () =>
      typeof navigator !== 'undefined' && isAppleWebKit(navigator.userAgent, navigator.maxTouchPoints),
    relyingParty: () => ({ rpId: location.hostname, origin: location.origin }),
  };
}
