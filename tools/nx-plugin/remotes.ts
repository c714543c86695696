/**
 * Infers every remote's Nx project from the remote registry (libs/contracts/src/remotes.ts):
 * tags `scope:<folder>` and `type:remote`, and the targets build, serve and build-standalone,
 * all running the one remote rspack config. A remote's project.json holds its name only (plus
 * targets of its own, like the site's prerender). A remotes/<folder> missing from the registry,
 * or a registry entry without its folder, stops the graph with a message saying which.
 */
import { dirname } from 'node:path';
import type { CreateNodes, TargetConfiguration } from '@nx/devkit';
import { REMOTES } from '@croft/contracts/remotes';
import { remoteRspackArgs, type RemoteAction } from '@croft/federation-tools';

function target(folder: string, action: RemoteAction): TargetConfiguration {
  const command = ['rspack', ...remoteRspackArgs(folder, action)].join(' ');
  const options = { command, cwd: '{workspaceRoot}' };
  if (action === 'serve') return { executor: 'nx:run-commands', continuous: true, options };
  const out = action === 'build' ? `dist/remotes/${folder}` : `dist/standalone/${folder}`;
  return { executor: 'nx:run-commands', outputs: [`{workspaceRoot}/${out}`], options };
}

export const createNodes: CreateNodes = [
  'remotes/*/project.json',
  (files) => {
    const roots = files.map((file) => dirname(file));
    const folders = new Set(roots.map((root) => root.slice('remotes/'.length)));
    const unlisted = [...folders].filter((folder) => !REMOTES.some((r) => r.folder === folder));
    const missing = REMOTES.filter((r) => !folders.has(r.folder)).map((r) => `remotes/${r.folder}`);
    if (unlisted.length > 0) {
      throw new Error(`remotes/${unlisted.join(', remotes/')} not in the remote registry: add an entry to libs/contracts/src/remotes.ts`);
    }
    if (missing.length > 0) throw new Error(`The remote registry lists ${missing.join(', ')}, which has no project.json`);
    return roots.map((root, i) => {
      const folder = root.slice('remotes/'.length);
      return [
        files[i],
        {
          projects: {
            [root]: {
              sourceRoot: `${root}/src`,
              projectType: 'application',
              tags: [`scope:${folder}`, 'type:remote'],
              targets: {
                build: target(folder, 'build'),
                serve: target(folder, 'serve'),
                'build-standalone': target(folder, 'build-standalone'),
              },
            },
          },
        },
      ] as const;
    });
  },
];
