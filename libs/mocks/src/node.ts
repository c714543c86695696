import { setupServer } from 'msw/node';
import type { RequestHandler } from 'msw';
import { defaultHandlers } from './handlers';

/** MSW for vitest (jsdom/node): same handlers as Storybook and the standalone remotes. */
export function createMockServer(handlers: RequestHandler[] = defaultHandlers) {
  return setupServer(...handlers);
}

/**
 * Uploads under jsdom: its FormData, File and Blob cannot go through Node's fetch (the file's bytes are
 * lost), so a test that sends a file swaps in Node's own for a while. Call in beforeAll, and the
 * answer (which puts jsdom's back) in afterAll.
 */
export async function installNodeFormData(): Promise<() => void> {
  // Node's own classes (jsdom has replaced the globals, not fetch's Response).
  const NodeFormData = (await new Response(new URLSearchParams('probe=1')).formData()).constructor as typeof FormData;
  const { Blob: NodeBlob, File: NodeFile } = process.getBuiltinModule('node:buffer');
  const saved = { FormData: globalThis.FormData, File: globalThis.File, Blob: globalThis.Blob };
  Object.assign(globalThis, { FormData: NodeFormData, File: NodeFile, Blob: NodeBlob });
  return () => Object.assign(globalThis, saved);
}
