/**
 * `npm run test:affected [-- --base <rev>]`: runs only the checks a change touches.
 *
 * What changed is every file that differs from the base (default: `main`, or `HEAD` when on main,
 * so uncommitted work is checked) plus untracked files. Then:
 *   - lint: eslint on the changed source files;
 *   - typecheck: the whole program (types cross projects), when any TypeScript changed;
 *   - unit, service and story tests: vitest's `--changed`, which runs the tests whose import graph
 *     reaches a changed file;
 *   - build + Playwright: when Nx says a project the composed site is made of is affected.
 * `--dry-run` prints the plan without running it.
 */
import { execFileSync, spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const dryRun = args.includes('--dry-run');

const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { encoding: 'utf8' }).trim();
const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
const base = flag('--base') ?? process.env.NX_BASE ?? (branch === 'main' ? 'HEAD' : 'main');

const changed = [
  ...new Set([
    ...git('diff', '--name-only', base).split('\n'),
    ...git('ls-files', '--others', '--exclude-standard').split('\n'),
  ]),
].filter(Boolean);

if (changed.length === 0) {
  console.info(`test:affected: nothing differs from ${base}; nothing to run.`);
  process.exit(0);
}

const affected: string[] = JSON.parse(
  execFileSync('npx', ['nx', 'show', 'projects', '--affected', `--base=${base}`, '--json'], {
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  }),
);

const lintable = changed.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.startsWith('dist/'));
const typescript = changed.some((file) => /\.(ts|tsx)$/.test(file) || /tsconfig.*\.json$/.test(file));
/** Projects that only hold tooling never change what the composed site does. */
const TOOLING = new Set(['perf', 'imagery', 'nx-plugin', 'maildev', 'test-setup']);
const siteAffected = affected.some((project) => !TOOLING.has(project));

const steps: { name: string; command: string[] }[] = [];
if (lintable.length) steps.push({ name: 'lint', command: ['npx', 'eslint', '--max-warnings=0', '--no-warn-ignored', ...lintable] });
if (typescript) steps.push({ name: 'typecheck', command: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] });
for (const project of ['unit', 'services', 'stories']) {
  steps.push({ name: `${project} tests`, command: ['npx', 'vitest', 'run', '--project', project, '--changed', base, '--passWithNoTests'] });
}
if (siteAffected) {
  steps.push({ name: 'build', command: ['npm', 'run', 'build'] });
  steps.push({ name: 'e2e', command: ['npm', 'run', 'test:e2e'] });
}

console.info(`test:affected against ${base}: ${changed.length} changed file(s); affected projects: ${affected.join(', ') || 'none'}`);
for (const step of steps) {
  console.info(`\n▶ ${step.name}: ${step.command.slice(0, 6).join(' ')}${step.command.length > 6 ? ' …' : ''}`);
  if (dryRun) continue;
  const result = spawnSync(step.command[0], step.command.slice(1), { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\ntest:affected: ${step.name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.info(dryRun ? '\n(dry run: nothing was run)' : '\ntest:affected: all affected checks passed.');
