/**
 * The mock worlds the standalone cms always runs in (`nx serve cms`): the staff sign-in and people
 * (identity:staff) and the endpoints its screens call (text editing, FAQ editing, secret words, images).
 * A scenario QA picks with ?scenario= goes in front of these (`standaloneScenarios`).
 */
export const CMS_STANDALONE_SCENARIOS = ['identity:staff', 'content:editing', 'content:faq-editing', 'content:secret-words', 'content:image-editing'] as const;
