import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { workspaceAliases } from './tools/vite-aliases';

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
    ],
  },
});
