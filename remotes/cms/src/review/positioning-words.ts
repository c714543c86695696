import { MARGIN_STEP_LABELS, type CmsTextData, type Positioning } from '@croft/contracts';

/** The popup's names for each positioning field, and for each value (spec 000 §9). */
const FIELDS: { name: keyof Positioning; label: string }[] = [
  { name: 'containerPosition', label: 'Page Position' },
  { name: 'alignment', label: 'Text Alignment' },
  { name: 'marginTop', label: 'Top Margin' },
  { name: 'marginBottom', label: 'Bottom Margin' },
  { name: 'marginLeft', label: 'Left Margin' },
  { name: 'marginRight', label: 'Right Margin' },
];
const VALUE_LABELS: Record<string, string> = {
  default: 'Default',
  'page-left': 'Page left',
  'page-center': 'Page center',
  'page-right': 'Page right',
  left: 'Left',
  center: 'Center',
  right: 'Right',
  ...MARGIN_STEP_LABELS,
};

export interface PositioningChange {
  /** 'Top Margin'. */
  label: string;
  /** 'None', 'Large', 'Default' (unset). */
  from: string;
  to: string;
}

const valueOf = (positioning: Positioning | undefined, name: keyof Positioning) => {
  const value = positioning?.[name];
  return !value || (name === 'containerPosition' && value === 'default') ? undefined : value;
};

/** How the positioning changed, field by field, in the popup's words ('Top Margin: Default → Large'). */
export function positioningChanges(before: CmsTextData | null | undefined, after: CmsTextData): PositioningChange[] {
  return FIELDS.flatMap(({ name, label }) => {
    const from = valueOf(before?.positioning, name);
    const to = valueOf(after.positioning, name);
    if (from === to) return [];
    const word = (value: string | undefined) => (value === undefined ? 'Default' : (VALUE_LABELS[value] ?? value));
    return [{ label, from: word(from), to: word(to) }];
  });
}
