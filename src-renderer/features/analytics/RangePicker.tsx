// The period shown: the last 7, 30 or 90 days, 12 months, or days the user types (checked before
// they apply: real days, in order, none after today).
import { useState } from 'react';
import { customRangeProblem, type DayRange, type RangeProblem } from '../../sync/index.ts';
import { STATISTICS_MAX_DAYS } from '../../../src-preload/contract/index.ts';
import { Button, TextField } from '../../ui/index.ts';
import { RadioGroup } from '../../ui/RadioGroup.tsx';
import { PRESET_DAYS, presetLabel, resolveRange, type PresetDays, type RangeChoice } from './analytics-model.ts';

type Option = `${PresetDays}` | 'custom';

/** A custom period may be as long as one request covers with the period before it. */
const MAX_CUSTOM_DAYS = Math.floor(STATISTICS_MAX_DAYS / 2);

export function RangePicker({ choice, today, onChange }: { choice: RangeChoice; today: string; onChange: (choice: RangeChoice) => void }) {
  const [customOpen, setCustomOpen] = useState(choice.kind === 'custom');
  const current = resolveRange(choice, today);
  const [draft, setDraft] = useState<DayRange>(current);
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const selected: Option = customOpen ? 'custom' : choice.kind === 'preset' ? `${choice.days}` : 'custom';
  const options = [...PRESET_DAYS.map((days) => ({ value: `${days}` as Option, label: presetLabel(days) })), { value: 'custom' as Option, label: 'Custom' }];
  const apply = () => {
    const why = customRangeProblem(draft, today, MAX_CUSTOM_DAYS);
    setProblem(why);
    if (!why) onChange({ kind: 'custom', range: draft });
  };
  return (
    <div className="range-picker">
      <RadioGroup<Option>
        label="Period"
        value={selected}
        options={options}
        onChange={(value) => {
          if (value === 'custom') {
            setDraft(current);
            setProblem(null);
            setCustomOpen(true);
            return;
          }
          setCustomOpen(false);
          onChange({ kind: 'preset', days: Number(value) as PresetDays });
        }}
      />
      {selected === 'custom' && (
        <form
          className="range-custom"
          aria-label="Custom period"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <TextField
            label="First day"
            value={draft.startDate}
            onChange={(startDate) => setDraft((d) => ({ ...d, startDate: startDate.trim() }))}
            placeholder="YYYY-MM-DD"
            error={problem?.field === 'startDate' ? problem.message : undefined}
          />
          <TextField
            label="Last day"
            value={draft.endDate}
            onChange={(endDate) => setDraft((d) => ({ ...d, endDate: endDate.trim() }))}
            placeholder="YYYY-MM-DD"
            error={problem?.field === 'endDate' ? problem.message : undefined}
          />
          <Button type="submit">Show period</Button>
        </form>
      )}
    </div>
  );
}
