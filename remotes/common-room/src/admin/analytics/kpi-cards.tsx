import { VisuallyHidden } from '@croft/ui';
import type { Change } from './format';

export interface Kpi {
  label: string;
  /** The figure as shown ('1,234', '38.4%', '1m 14s'). */
  value: string;
  /** Against the previous period (none for a figure with nothing to compare). */
  change?: Change;
  /** The previous period's figure as shown. */
  previous?: string;
}

/**
 * The headline figures as a list of cards: name, figure, and its change on the previous period
 * shown as '+12%' and said in words ('up 12% on the previous period, 1,100').
 */
export function KpiCards({ items, label }: { items: readonly Kpi[]; label: string }) {
  return (
    <ul className="an-kpis" aria-label={label}>
      {items.map((k) => (
        <li key={k.label} className="an-kpi">
          <p className="an-kpi__label">{k.label}</p>
          <p className="an-kpi__value">{k.value}</p>
          {k.change && (
            <p className={`an-kpi__change an-kpi__change--${k.change.direction}`}>
              <span aria-hidden="true">
                {k.change.short}
                {k.previous !== undefined && <span className="an-kpi__previous"> vs {k.previous}</span>}
              </span>
              <VisuallyHidden>
                {k.change.words}
                {k.previous !== undefined ? ` (${k.previous})` : ''}
              </VisuallyHidden>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
