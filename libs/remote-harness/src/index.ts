export { startStandalone, type StandaloneOptions } from './standalone';
export { ScenarioPanel, scenarioHref, type ScenarioPanelProps } from './scenario-panel';
export { standaloneScenarios, type StandaloneScenarios } from './standalone-scenarios';
