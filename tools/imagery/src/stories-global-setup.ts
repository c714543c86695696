import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Vitest globalSetup for the `stories` project: makes sure dist/images holds
 * the generated artwork Storybook serves at /images (.storybook/main.ts
 * staticDirs). Runs the CLI in a child process (plain Node + tsx, independent
 * of Storybook's Vite config); a current stamp makes it a no-op in well under
 * a second, a fresh checkout takes a minute or two.
 */
export default function setup(): void {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  execFileSync(process.execPath, ['--import', 'tsx', 'tools/imagery/src/build.ts', '--out', 'dist/images'], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
