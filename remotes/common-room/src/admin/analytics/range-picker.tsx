import { useId, useState, type FormEvent } from 'react';
import type { AnalyticsRangeQuery } from '@croft/contracts';
import { Button } from '@croft/ui';
import { TextField } from '@croft/ui/forms';
import { customRangeProblem, presetRange, type RangePreset } from './range';

export interface RangeChoice {
  preset: RangePreset;
  range: AnalyticsRangeQuery;
}

/** The default: the last 7 venue days. */
export const initialRange = (now: number = Date.now()): RangeChoice => ({ preset: '7d', range: presetRange('7d', now) });

const PRESETS: { value: Exclude<RangePreset, 'custom'>; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
];

/**
 * Today, 7 days, 30 days (venue days, Europe/London, ending today) or a custom first and last
 * day with the browser's date inputs. A toggle group of buttons (aria-pressed); the custom days
 * are asked for only when Show is pressed.
 */
export function RangePicker({ value, onChange }: { value: RangeChoice; onChange: (choice: RangeChoice) => void }) {
  const [custom, setCustom] = useState(value.preset === 'custom');
  const [from, setFrom] = useState(value.range.from);
  const [to, setTo] = useState(value.range.to);
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = customRangeProblem(from, to);
    setProblem(found);
    if (!found) onChange({ preset: 'custom', range: { from, to } });
  };
  return (
    <div className="an-range">
      <div className="an-row" role="group" aria-labelledby={labelId}>
        <span id={labelId} className="an-range__label">
          Range
        </span>
        {PRESETS.map((p) => (
          <Button
            key={p.value}
            size="sm"
            variant={!custom && value.preset === p.value ? 'primary' : 'secondary'}
            aria-pressed={!custom && value.preset === p.value}
            onClick={() => {
              setCustom(false);
              setProblem(null);
              onChange({ preset: p.value, range: presetRange(p.value) });
            }}
          >
            {p.label}
          </Button>
        ))}
        <Button size="sm" variant={custom ? 'primary' : 'secondary'} aria-pressed={custom} onClick={() => setCustom(true)}>
          Custom
        </Button>
      </div>
      {custom && (
        <form className="an-row an-range__custom" onSubmit={submit} noValidate aria-label="Custom range">
          <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} hint="London days" error={problem ?? undefined} />
          <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          <Button type="submit" size="sm">
            Show
          </Button>
        </form>
      )}
    </div>
  );
}
