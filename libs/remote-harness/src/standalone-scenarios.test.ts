import { describe, expect, it } from 'vitest';
import { standaloneScenarios } from './standalone-scenarios';

const CMS = ['identity:staff', 'content:editing'];

describe('standaloneScenarios', () => {
  it('runs the remote’s own worlds when the URL names none', () => {
    expect(standaloneScenarios('', CMS)).toEqual({ chosen: [], ids: CMS, unknown: [] });
    expect(standaloneScenarios('?x=1', [])).toEqual({ chosen: [], ids: [], unknown: [] });
  });

  it('puts the URL’s scenarios in front of the remote’s worlds instead of replacing them', () => {
    expect(standaloneScenarios('?scenario=content:review', CMS)).toEqual({
      chosen: ['content:review'],
      ids: ['content:review', 'identity:staff', 'content:editing'],
      unknown: [],
    });
    expect(standaloneScenarios('?scenario=identity:staff-editor,slow', CMS).ids).toEqual(['identity:staff-editor', 'slow', ...CMS]);
  });

  it('names a world once, and reports unknown ids without applying them', () => {
    expect(standaloneScenarios('?scenario=content:editing,nope', CMS)).toEqual({
      chosen: ['content:editing'],
      ids: ['content:editing', 'identity:staff'],
      unknown: ['nope'],
    });
  });

  it('lets any remote reach the staff world with ?scenario=identity:staff', () => {
    expect(standaloneScenarios('?scenario=identity:staff', []).ids).toEqual(['identity:staff']);
  });
});
