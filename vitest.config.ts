import { defineConfig } from 'vitest/config';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tools/chromium/flags';
import react from '@vitejs/plugin-react';
import { workspaceAliases } from './tools/vite-aliases';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';

const alias = workspaceAliases();

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['{libs,shell,remotes}/**/*.test.{ts,tsx}'],
          setupFiles: ['tools/test-setup/jsdom.ts'],
          // An upper bound, not a wait (guide §17): a component test that walks a whole flow took
          // 5.6 s with the machine at load 9, past vitest's 5 s default. A real hang still fails.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'services',
          environment: 'node',
          include: ['{services,tools}/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Every Storybook story as a test in real Chromium, with an axe check
        // (a11y.test = 'error' in .storybook/preview.tsx). Storybook's own Vite
        // config (viteFinal: aliases, React) applies, so no `extends` here.
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'stories',
          // Generated artwork for /images (tools/imagery; skipped when current).
          globalSetup: ['tools/imagery/src/stories-global-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
