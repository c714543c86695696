import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCENARIOS } from '@croft/mocks';
import { ScenarioPanel, scenarioHref } from './scenario-panel';

describe('ScenarioPanel', () => {
  it('lists every scenario under a labelled select, the active one chosen', () => {
    render(<ScenarioPanel active={['venue:total-unavailable']} />);
    const select = screen.getByLabelText('Mock scenario') as HTMLSelectElement;
    expect(select.options).toHaveLength(SCENARIOS.length);
    expect(select.value).toBe('venue:total-unavailable');
  });

  it('choosing a scenario goes to the same page with ?scenario=<id>, keeping other parameters', async () => {
    window.history.replaceState(null, '', '/common-good?x=1#top');
    const navigate = vi.fn();
    render(<ScenarioPanel active={[]} navigate={navigate} />);
    await userEvent.selectOptions(screen.getByLabelText('Mock scenario'), 'server-error');
    expect(navigate).toHaveBeenCalledWith('/common-good?x=1&scenario=server-error#top');
  });

  it('says which ids in the URL it ignored', () => {
    render(<ScenarioPanel active={[]} unknown={['nope']} />);
    expect(screen.getByRole('alert').textContent).toBe('Unknown scenario ignored: nope');
  });

  it('names the remote’s own worlds, which stay on behind the chosen one', () => {
    render(<ScenarioPanel active={['content:review']} base={['identity:staff', 'content:editing']} />);
    expect((screen.getByLabelText('Mock scenario') as HTMLSelectElement).value).toBe('content:review');
    expect(screen.getByText('Always on in this remote, behind the chosen one: identity:staff, content:editing')).toBeInTheDocument();
  });

  it('"default" drops the parameter', () => {
    expect(scenarioHref({ pathname: '/x', search: '?scenario=slow&y=2', hash: '' }, 'default')).toBe('/x?y=2');
  });
});
