import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';
import { workspaceAliases } from '../tools/vite-aliases';

/**
 * One Storybook for the design system and every remote's feature stories.
 * Stories are co-located with their components (`*.stories.tsx`).
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    '../libs/**/*.stories.@(ts|tsx)',
    '../remotes/**/*.stories.@(ts|tsx)',
    '../shell/**/*.stories.@(ts|tsx)',
  ],
  // msw-storybook-addon is deliberately not listed: as an addon it would start
  // the worker for every story. preview.tsx wires its loader lazily instead.
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // mockServiceWorker.js (committed copy of msw's worker script) is served from the root.
  // Generated artwork (tools/imagery → dist/images) at /images, as the gateway serves it.
  staticDirs: ['../tools/msw/public', { from: '../dist/images', to: '/images' }],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      resolve: { alias: workspaceAliases() },
      // Pre-bundle what is otherwise only discovered mid-run (msw/browser is
      // imported lazily by the MSW loader): a late discovery makes Vite reload
      // the page and fails whichever story file is running at that moment.
      optimizeDeps: { include: ['msw', 'msw/browser', 'msw-storybook-addon/csf3'] },
    });
  },
};

export default config;
