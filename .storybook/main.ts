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
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest', 'msw-storybook-addon'],
  // mockServiceWorker.js (committed copy of msw's worker script) is served from the root.
  staticDirs: ['../tools/msw/public'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      resolve: { alias: workspaceAliases() },
    });
  },
};

export default config;
