#!/usr/bin/env node
/**
 * Makes sure Debian's Chromium is at /usr/bin/chromium for story tests, e2e and Lighthouse.
 * Installs it with apt when missing (root is available on our machines and CI). Browsers are
 * never downloaded from anywhere else.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) {
  process.exit(0);
}
console.info('[ensure-chromium] /usr/bin/chromium missing: installing Debian chromium…');
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0 ? [] : ['sudo'];
const run = (args) => {
  const cmd = [...asRoot, ...args];
  const r = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (r.status !== 0) {
    console.error(`[ensure-chromium] failed: ${cmd.join(' ')}`);
    process.exit(r.status ?? 1);
  }
};
run(['apt-get', 'update', '-qq']);
run(['apt-get', 'install', '-y', '-qq', 'chromium', 'chromium-driver']);
if (!existsSync(CHROMIUM)) {
  console.error('[ensure-chromium] apt finished but /usr/bin/chromium is still missing');
  process.exit(1);
}
console.info('[ensure-chromium] installed');
