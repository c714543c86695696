/** Test helpers for the shell's own tests (not part of the app). */

/** Whether `promise` settles before a task has passed (microtasks only). */
export async function settlesWithinTheTask(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return settled;
}
