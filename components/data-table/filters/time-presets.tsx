'use client';

import { Button } from '@/components/ui/button';
import { timePresets, type TimePreset } from '@/lib/search-params/date-presets';

/** Fills a form's two time fields with a preset read now (so "Last hour" is the hour before the click) and applies. */
function applyPreset(form: HTMLFormElement | null, fields: { from: string; to: string }, id: TimePreset['id']) {
  const preset = timePresets(Date.now()).find((candidate) => candidate.id === id);
  const from = form?.elements.namedItem(fields.from);
  const to = form?.elements.namedItem(fields.to);
  if (!form || !preset || !(from instanceof HTMLInputElement) || !(to instanceof HTMLInputElement)) return;
  from.value = preset.from;
  to.value = preset.to;
  form.requestSubmit();
}

/** Quick time ranges for a filter that takes timestamps, inside a LiveFilterForm: a click fills the two fields and applies. */
export function TimePresetButtons({ fromName, toName, label }: { fromName: string; toName: string; label: string }) {
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label={label}>
      {timePresets(0).map((preset) => (
        <Button
          key={preset.id}
          type="button"
          variant="ghost"
          size="sm"
          onClick={(event) => applyPreset(event.currentTarget.form, { from: fromName, to: toName }, preset.id)}
        >
          {preset.label}
        </Button>
      ))}
    </div>
  );
}
