'use client';

import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useApplyAsTyped } from './use-apply-as-typed';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select-native';
import type { ActiveFilter } from '@/lib/entities/list-params';
import { LIST_PARAMS } from '@/lib/entities/list-state';
import { DATE_RANGE_PARAMS, type FilterSpec } from '@/lib/entities/types';
import { datePresets, isIsoDay } from '@/lib/search-params/date-presets';
import { useListScope } from '../list-scope';

interface DataTableToolbarProps {
  filters: readonly FilterSpec[];
  /** What free text searches; null hides the search box. */
  searchHint: string | null;
  q: string;
  /** Current filter values by URL parameter. */
  values: Readonly<Record<string, string>>;
  active: readonly ActiveFilter[];
  /** Controls at the end of the bar (column chooser, export). */
  children?: React.ReactNode;
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The filters of a list as one form (a plain GET form without JavaScript): text fields apply
 * as the operator types (debounced, the URL replaced), on Enter at once; choices and quick date
 * ranges apply at once. Below it, each active filter with a remove button.
 */
export function DataTableToolbar({ filters, searchHint, q, values, active, children }: DataTableToolbarProps) {
  // What is being typed replaces the history entry rather than adding one per key.
  const { navigate: onApply, replace: onType } = useListScope();
  const baseId = useId();
  const form = useRef<HTMLFormElement>(null);
  const typing = useApplyAsTyped();
  // The days the quick ranges name: read once (a page left open past midnight keeps yesterday's until reloaded).
  const [presets] = useState(() => datePresets(Date.now()));
  const names = [
    ...(searchHint === null ? [] : [LIST_PARAMS.q]),
    ...filters.flatMap((filter) =>
      filter.kind === 'date-range' ? [DATE_RANGE_PARAMS.from, DATE_RANGE_PARAMS.to] : [filter.param],
    ),
  ];
  const urlValues = JSON.stringify([q, values]);

  // The fields show what the URL applies (back, a removed chip, a pasted link), except the one
  // being typed in, which the URL is catching up with.
  useEffect(() => {
    const [urlQ, urlFilters] = JSON.parse(urlValues) as [string, Record<string, string>];
    for (const field of Array.from(form.current?.elements ?? [])) {
      if (
        !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) ||
        field.name === '' ||
        field === document.activeElement
      )
        continue;
      field.value = field.name === LIST_PARAMS.q ? urlQ : (urlFilters[field.name] ?? '');
    }
  }, [urlValues]);

  /** The form's values as URL changes; null when a date is not yet a whole ISO day. */
  const changesOf = (element: HTMLFormElement): Record<string, string | null> | null => {
    const data = new FormData(element);
    const changes: Record<string, string | null> = { [LIST_PARAMS.page]: null };
    for (const name of names) {
      const value = data.get(name);
      const text = typeof value === 'string' ? value.trim() : '';
      if ((name === DATE_RANGE_PARAMS.from || name === DATE_RANGE_PARAMS.to) && text !== '' && !isIsoDay(text))
        return null;
      changes[name] = text === '' ? null : text;
    }
    return changes;
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    typing.cancel();
    const data = new FormData(event.currentTarget);
    // Enter applies as typed, a half-typed date included: the page then says what is wrong with it.
    onApply(
      Object.fromEntries([
        [LIST_PARAMS.page, null],
        ...names.map((name) => [name, String(data.get(name) ?? '').trim() || null]),
      ]),
    );
  };
  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    if (!(event.target instanceof HTMLInputElement)) return;
    const element = event.currentTarget;
    typing.schedule(() => {
      const changes = changesOf(element);
      if (changes) onType(changes);
    });
  };
  const submitNow = (event: React.ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <form
          ref={form}
          onSubmit={onSubmit}
          onInput={onInput}
          role="search"
          aria-label="Filters"
          className="flex flex-wrap items-end gap-3"
        >
          {searchHint === null ? null : (
            <Field label={`Search (${searchHint})`} htmlFor={`${baseId}-q`}>
              <Input
                id={`${baseId}-q`}
                name={LIST_PARAMS.q}
                type="search"
                defaultValue={q}
                className="w-64"
                maxLength={200}
              />
            </Field>
          )}
          {filters.map((filter) => {
            if (filter.kind === 'date-range') {
              // Text, not type="date": the browser's date field shows the local format; the console shows ISO days in UTC.
              const dayField = (param: string, label: string) => (
                <Field label={`${filter.label} ${label} (UTC)`} htmlFor={`${baseId}-${param}`}>
                  <Input
                    id={`${baseId}-${param}`}
                    name={param}
                    defaultValue={values[param] ?? ''}
                    placeholder="YYYY-MM-DD"
                    inputMode="numeric"
                    pattern="\d{4}-\d{2}-\d{2}"
                    maxLength={10}
                    autoComplete="off"
                    text="code"
                    className="w-32"
                  />
                </Field>
              );
              return (
                <div key="date-range" className="flex items-end gap-2">
                  {dayField(DATE_RANGE_PARAMS.from, 'from')}
                  {dayField(DATE_RANGE_PARAMS.to, 'to')}
                  <div className="flex gap-1" role="group" aria-label={`${filter.label}: quick ranges`}>
                    {presets.map((preset) => (
                      <Button
                        key={preset.id}
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-pressed={
                          values[DATE_RANGE_PARAMS.from] === preset.from && values[DATE_RANGE_PARAMS.to] === preset.to
                        }
                        onClick={() =>
                          onApply({
                            [LIST_PARAMS.page]: null,
                            [DATE_RANGE_PARAMS.from]: preset.from,
                            [DATE_RANGE_PARAMS.to]: preset.to,
                          })
                        }
                      >
                        {preset.label}
                      </Button>
                    ))}
                  </div>
                </div>
              );
            }
            const id = `${baseId}-${filter.param}`;
            const value = values[filter.param] ?? '';
            if (filter.kind === 'exact') {
              return (
                <Field key={filter.param} label={filter.label} htmlFor={id}>
                  <Input
                    id={id}
                    name={filter.param}
                    defaultValue={value}
                    text="code"
                    className="w-56"
                    maxLength={200}
                    spellCheck={false}
                    autoComplete="off"
                  />
                </Field>
              );
            }
            const options =
              filter.kind === 'enum'
                ? filter.options.map((option) => [option, option] as const)
                : ([
                    ['true', 'yes'],
                    ['false', 'no'],
                  ] as const);
            return (
              <Field key={filter.param} label={filter.label} htmlFor={id}>
                <NativeSelect
                  id={id}
                  name={filter.param}
                  defaultValue={value}
                  onChange={submitNow}
                  wrapperClassName="w-44"
                  className="w-full"
                >
                  <option value="">Any</option>
                  {options.map(([optionValue, optionLabel]) => (
                    <option key={optionValue} value={optionValue}>
                      {optionLabel}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            );
          })}
          {/* Filters apply as they are typed or picked; the button stays for the keyboard (Enter) and without JavaScript. */}
          <Button type="submit" variant="secondary" className="sr-only focus-visible:not-sr-only">
            <Search aria-hidden /> Apply
          </Button>
        </form>
        <div className="ml-auto flex items-end gap-2">{children}</div>
      </div>
      {active.length > 0 ? (
        <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
          {active.map((filter) => (
            <li key={filter.params.join()}>
              <Button
                type="button"
                variant="outline"
                size="xs"
                shape="pill"
                className="max-w-80"
                aria-label={`Remove filter ${filter.label}: ${filter.value}`}
                onClick={() =>
                  onApply({
                    [LIST_PARAMS.page]: null,
                    ...Object.fromEntries(filter.params.map((param) => [param, null])),
                  })
                }
              >
                <span className="truncate">
                  {filter.label}: <bdi className="font-medium">{filter.value}</bdi>
                </span>
                <X aria-hidden />
              </Button>
            </li>
          ))}
          {active.length > 1 ? (
            <li>
              <Button
                type="button"
                variant="ghost"
                size="xs"
                onClick={() =>
                  onApply({ [LIST_PARAMS.page]: null, ...Object.fromEntries(names.map((name) => [name, null])) })
                }
              >
                Clear all filters
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
