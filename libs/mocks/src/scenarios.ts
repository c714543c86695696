import type { RequestHandler } from 'msw';
import { analyticsScenarios } from './analytics/scenarios';
import { cinemaScenarios } from './cinema/scenarios';
import { contentScenarios } from './content/scenarios';
import { defaultHandlers } from './handlers';
import { identityScenarios } from './identity/scenarios';
import { loyaltyScenarios } from './loyalty/scenarios';
import { newsletterScenarios } from './newsletter/scenarios';
import { nudgeScenarios } from './nudge/scenarios';
import { platformScenarios, type Scenario } from './scenario';
import { venueScenarios } from './venue/scenarios';

/** Every named scenario: the cross-cutting ones, then each service's (a new service adds one line). */
export const SCENARIOS: readonly Scenario[] = [
  ...platformScenarios,
  ...contentScenarios,
  ...identityScenarios,
  ...newsletterScenarios,
  ...venueScenarios,
  ...loyaltyScenarios,
  ...cinemaScenarios,
  ...nudgeScenarios,
  ...analyticsScenarios,
];

/** The URL parameter QA sets: `?scenario=venue:total-unavailable` (several: comma-separated). */
export const SCENARIO_PARAM = 'scenario';

export function findScenario(id: string): Scenario | undefined {
  return SCENARIOS.find((scenario) => scenario.id === id);
}

/** The scenario ids named in a URL's query (unknown ones are reported, not applied). */
export function scenariosFromSearch(search: string): { ids: string[]; unknown: string[] } {
  const raw = new URLSearchParams(search).get(SCENARIO_PARAM) ?? '';
  const named = raw.split(',').map((id) => id.trim()).filter(Boolean);
  return { ids: named.filter((id) => findScenario(id)), unknown: named.filter((id) => !findScenario(id)) };
}

/**
 * The handlers for a set of scenarios: theirs first (MSW takes the first match; a handler that
 * returns nothing, like 'slow', passes the request on), then every service's defaults.
 */
export function scenarioHandlers(ids: readonly string[] = [], base: readonly RequestHandler[] = defaultHandlers): RequestHandler[] {
  const chosen = ids.map((id) => {
    const scenario = findScenario(id);
    if (!scenario) throw new Error(`Unknown mock scenario "${id}". Known: ${SCENARIOS.map((s) => s.id).join(', ')}`);
    return scenario;
  });
  return [...chosen.flatMap((scenario) => scenario.handlers()), ...base];
}

export type { Scenario } from './scenario';
