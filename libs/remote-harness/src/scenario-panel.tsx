import { useId, type ChangeEvent } from 'react';
import { SCENARIOS, SCENARIO_PARAM } from '@croft/mocks';

export interface ScenarioPanelProps {
  /** The scenarios in force (from the URL). */
  active: readonly string[];
  /** Ids in the URL that name no scenario. */
  unknown?: readonly string[];
  /** The remote's own worlds, always in force behind the chosen ones (e.g. the cms's staff world). */
  base?: readonly string[];
  /** Goes to the URL for the chosen scenario (default: a full page load, so every cache starts clean). */
  navigate?: (href: string) => void;
}

/** The URL of the current page with `?scenario=` set to `id` (dropped for 'default'). */
export function scenarioHref(location: Pick<Location, 'pathname' | 'search' | 'hash'>, id: string): string {
  const params = new URLSearchParams(location.search);
  if (id === 'default') params.delete(SCENARIO_PARAM);
  else params.set(SCENARIO_PARAM, id);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

/**
 * QA's switch between the mocks' named scenarios in a standalone remote. Choosing one reloads the
 * page with `?scenario=<id>`, the same URL QA can share or open directly.
 */
export function ScenarioPanel({ active, unknown = [], base = [], navigate = (href) => window.location.assign(href) }: ScenarioPanelProps) {
  const id = useId();
  const current = active.length === 1 ? active[0] : active.length === 0 ? 'default' : active.join(',');
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => navigate(scenarioHref(window.location, event.target.value));
  return (
    <div className="cc-standalone-scenarios">
      <label htmlFor={id}>Mock scenario</label>
      <select id={id} value={current} onChange={onChange}>
        {active.length > 1 && <option value={current}>{active.join(' + ')}</option>}
        {SCENARIOS.map((scenario) => (
          <option key={scenario.id} value={scenario.id}>
            {scenario.label} ({scenario.id})
          </option>
        ))}
      </select>
      {base.length > 0 && <p>Always on in this remote, behind the chosen one: {base.join(', ')}</p>}
      {unknown.length > 0 && (
        <p role="alert">
          Unknown scenario{unknown.length > 1 ? 's' : ''} ignored: {unknown.join(', ')}
        </p>
      )}
    </div>
  );
}
