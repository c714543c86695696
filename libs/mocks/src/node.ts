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

/** The lifecycle hooks of a test runner (vitest's beforeAll/afterEach/afterAll). */
export interface TestHooks {
  beforeAll(fn: () => unknown): void;
  afterEach(fn: () => unknown): void;
  afterAll(fn: () => unknown): void;
}

/**
 * A mock server for one test file: listening (unhandled requests fail the test) from beforeAll,
 * per-test handlers reset after each, closed at the end; with `formData`, Node's FormData/File/Blob
 * stand in for jsdom's meanwhile (uploads). `listenForTests({ beforeAll, afterEach, afterAll })`.
 */
export function listenForTests(hooks: TestHooks, handlers: RequestHandler[] = [], options: { formData?: boolean } = {}) {
  const server = createMockServer(handlers);
  let restore: () => void = () => undefined;
  hooks.beforeAll(async () => {
    if (options.formData) restore = await installNodeFormData();
    server.listen({ onUnhandledRequest: 'error' });
  });
  hooks.afterEach(() => server.resetHandlers());
  hooks.afterAll(() => {
    server.close();
    restore();
  });
  return server;
}
