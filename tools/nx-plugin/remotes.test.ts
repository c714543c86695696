import { describe, expect, it } from 'vitest';
import { REMOTES } from '@croft/contracts/remotes';
import { createNodes } from './remotes';

const [pattern, infer] = createNodes;
const context = { nxJsonConfiguration: {}, workspaceRoot: '/w' };
const everyRemote = REMOTES.map((r) => `remotes/${r.folder}/project.json`);

describe('remote targets inferred from the registry', () => {
  it('gives every remotes/<folder> its tags and build, serve and build-standalone targets', async () => {
    expect(pattern).toBe('remotes/*/project.json');
    const results = await infer(everyRemote, undefined, context);
    expect(results).toHaveLength(REMOTES.length);
    const cinema = results.find(([file]) => file === 'remotes/cinema/project.json')?.[1].projects?.['remotes/cinema'];
    expect(cinema?.tags).toEqual(['scope:cinema', 'type:remote']);
    expect(cinema?.targets?.build?.options.command).toBe(
      'rspack build -c tools/federation/remote.rspack.config.mjs --mode production --env remote=cinema',
    );
    expect(cinema?.targets?.build?.outputs).toEqual(['{workspaceRoot}/dist/remotes/cinema']);
    expect(cinema?.targets?.serve?.continuous).toBe(true);
    expect(cinema?.targets?.['build-standalone']?.options.command).toMatch(/--env remote=cinema --env standalone$/);
    expect(cinema?.targets?.['build-standalone']?.outputs).toEqual(['{workspaceRoot}/dist/standalone/cinema']);
  });

  it('stops with a clear message for a folder missing from the registry, or an entry without its folder', async () => {
    await expect(async () => infer([...everyRemote, 'remotes/bar/project.json'], undefined, context)).rejects.toThrow(
      /remotes\/bar not in the remote registry/,
    );
    await expect(async () => infer(everyRemote.slice(1), undefined, context)).rejects.toThrow(
      new RegExp(`lists remotes/${REMOTES[0].folder}, which has no project.json`),
    );
  });
});
