import { scenariosFromSearch } from '@croft/mocks';

export interface StandaloneScenarios {
  /** The scenarios the URL names (?scenario=…, what QA chose), in its order. */
  chosen: string[];
  /**
   * Every scenario in force: the chosen ones in front of the remote's own worlds (MSW takes the
   * first match, so a chosen world answers its endpoints and the remote's worlds the rest).
   */
  ids: string[];
  /** Ids in the URL that name no scenario (reported, not applied). */
  unknown: string[];
}

/**
 * The mock worlds a standalone remote runs in. A remote's `defaultScenarios` are the worlds it
 * needs to work at all (the cms: the staff sign-in and its screens' endpoints), so a scenario
 * QA picks is added in front of them rather than replacing them: `?scenario=content:review` on
 * the cms is the review world with the staff sign-in still there.
 */
export function standaloneScenarios(search: string, defaults: readonly string[] = []): StandaloneScenarios {
  const { ids: chosen, unknown } = scenariosFromSearch(search);
  return { chosen, unknown, ids: [...chosen, ...defaults.filter((id) => !chosen.includes(id))] };
}
