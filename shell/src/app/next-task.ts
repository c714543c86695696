/**
 * Resolves in a later task (a 0 ms timer), so the browser can run input and paint in between:
 * the shell's start and a remote's container start are cut into tasks with it.
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
