'use client';

import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select-native';
import { SaveViewButton } from '@/components/views/save-view-button';
import type { ActiveFilter } from '@/lib/entities/list-params';
import { LIST_PARAMS } from '@/lib/entities/list-state';
import { datePresets, timePresets } from '@/lib/search-params/date-presets';
import { DATE_RANGE_PARAMS, filterParamNames, type FilterSpec } from '@/lib/tables/filters';
import { useNearestListNavigation } from '../list-scope';
import { useApplyAsTyped } from './use-apply-as-typed';

/** A whole ISO day: a half-typed one holds the typed apply back. */
const DAY_PATTERN = String.raw`\d{4}-\d{2}-\d{2}`;
/** An ISO day, or a date-time with an optional offset. */
const TIME_PATTERN = String.raw`\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+\-]\d{2}:\d{2})?)?`;

export interface FilterBarProps {
  /** The page the filters belong to: without JavaScript the form submits there (GET). */
  action: string;
  /** Names the form for assistive technology. */
  label: string;
  /** The table's declared filters (TableDeclaration.filters), a field each. */
  filters: readonly FilterSpec[];
  /** What free text `q` searches; null: no search box. */
  searchHint: string | null;
  /** The URL's values by parameter; a `multi` filter's as a list. */
  values: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Parameters the filters leave as they are (the table's order, size and columns), as hidden fields. */
  keep: Readonly<Record<string, string>>;
  /** The filters in effect, each with a button that removes it. */
  active?: readonly ActiveFilter[];
  /** Fields of the page's own inside the form, after the declared ones (a name picker that fills an id filter). */
  extraFields?: React.ReactNode;
  /** Controls at the end of the bar (column chooser, export, a reset link), after "Save view". */
  children?: React.ReactNode;
}

/** What the form submits as a GET form, empty fields left out: the URL its page reads. */
function hrefOf(action: string, form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
  }
  const query = params.toString();
  return query ? `${action}?${query}` : action;
}

const isTextField = (target: EventTarget) =>
  target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio';

const single = (value: string | readonly string[] | undefined): string =>
  typeof value === 'string' ? value : (value?.[0] ?? '');

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
 * The one filter bar of the console: a table's declared filters as a plain GET form (it works
 * without JavaScript), which applies as the operator types (after a pause, the history entry
 * replaced) or picks (at once); Enter applies at once. The URL is what the GET form would submit,
 * so the page's own reader reads it either way. A field whose pattern does not match yet (a
 * half-typed date) holds the typed apply back; Enter applies it anyway and the page says what is
 * wrong. At its end, "Save view" (the page's URL as a saved view) and the page's controls. Below
 * it, each active filter with a remove button.
 */
export function FilterBar({
  action,
  label,
  filters,
  searchHint,
  values,
  keep,
  active = [],
  extraFields,
  children,
}: FilterBarProps) {
  const { visit, navigate, isPending } = useNearestListNavigation();
  const baseId = useId();
  const form = useRef<HTMLFormElement>(null);
  const typing = useApplyAsTyped();
  // The days the quick ranges name, for their pressed state: read once (a page left open past midnight keeps yesterday's until reloaded).
  const [now] = useState(() => Date.now());
  const shown = JSON.stringify([values, keep]);

  // The fields show what the URL applies (back, a removed filter, a pasted link): the server renders
  // them as defaults; the field being typed in keeps what the URL is catching up with.
  useEffect(() => {
    for (const field of Array.from(form.current?.elements ?? [])) {
      if (field === document.activeElement) continue;
      if (field instanceof HTMLInputElement) {
        if (field.type === 'checkbox' || field.type === 'radio') field.checked = field.defaultChecked;
        else field.value = field.defaultValue;
      } else if (field instanceof HTMLSelectElement) {
        const chosen = Array.from(field.options).find((option) => option.defaultSelected);
        field.value = chosen?.value ?? '';
      }
    }
  }, [shown]);

  const apply = (element: HTMLFormElement, replace: boolean) => visit(hrefOf(action, element), replace);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    typing.cancel();
    apply(event.currentTarget, false);
  };
  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    if (!isTextField(event.target)) return;
    const element = event.currentTarget;
    typing.schedule(() => {
      if (element.checkValidity()) apply(element, true);
    });
  };
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    if (isTextField(event.target)) return;
    typing.cancel();
    apply(event.currentTarget, false);
  };
  /** Fills the two bounds with a quick range read at the click (the last hour is the hour before it) and applies. */
  const applyRange = (element: HTMLFormElement | null, range: { from: string; to: string }) => {
    const from = element?.elements.namedItem(DATE_RANGE_PARAMS.from);
    const to = element?.elements.namedItem(DATE_RANGE_PARAMS.to);
    if (!element || !(from instanceof HTMLInputElement) || !(to instanceof HTMLInputElement)) return;
    from.value = range.from;
    to.value = range.to;
    element.requestSubmit();
  };

  const field = (filter: FilterSpec) => {
    if (filter.kind === 'date-range') {
      const ranges = (at: number) => (filter.times ? timePresets(at) : datePresets(at));
      // Text, not type="date": the browser's date field shows the local format; the console shows ISO days in UTC.
      const bound = (param: string, words: string, example: string) => (
        <Field label={`${filter.label} ${words} (UTC)`} htmlFor={`${baseId}-${param}`}>
          <Input
            id={`${baseId}-${param}`}
            name={param}
            defaultValue={single(values[param])}
            placeholder={example}
            inputMode={filter.times ? undefined : 'numeric'}
            pattern={filter.times ? TIME_PATTERN : DAY_PATTERN}
            maxLength={filter.times ? 40 : 10}
            autoComplete="off"
            spellCheck={false}
            text={filter.times ? 'code-compact' : 'code'}
            className={filter.times ? 'w-52' : 'w-32'}
          />
        </Field>
      );
      return (
        <div key="date-range" className="flex flex-wrap items-end gap-2">
          {bound(DATE_RANGE_PARAMS.from, 'from', filter.times ? '2026-11-22' : 'YYYY-MM-DD')}
          {bound(DATE_RANGE_PARAMS.to, 'to', filter.times ? '2026-11-23T10:30:00Z' : 'YYYY-MM-DD')}
          <div className="flex flex-wrap gap-1" role="group" aria-label={`${filter.label}: quick ranges`}>
            {ranges(now).map((range) => (
              <Button
                key={range.id}
                type="button"
                variant="ghost"
                size="sm"
                aria-pressed={
                  single(values[DATE_RANGE_PARAMS.from]) === range.from &&
                  single(values[DATE_RANGE_PARAMS.to]) === range.to
                }
                onClick={(event) =>
                  applyRange(
                    event.currentTarget.form,
                    ranges(Date.now()).find((current) => current.id === range.id) ?? range,
                  )
                }
              >
                {range.label}
              </Button>
            ))}
          </div>
        </div>
      );
    }
    const id = `${baseId}-${filter.param}`;
    switch (filter.kind) {
      case 'multi': {
        const chosen = [values[filter.param] ?? []].flat();
        return (
          <fieldset key={filter.param} className="flex flex-col gap-1">
            <legend className="text-xs font-medium text-muted-foreground">{filter.label}</legend>
            <div className="flex h-9 flex-wrap items-center gap-3 text-sm">
              {filter.options.map((option) => (
                <label key={option.value} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    name={filter.param}
                    value={option.value}
                    defaultChecked={chosen.includes(option.value)}
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
        );
      }
      case 'number':
        return (
          <Field key={filter.param} label={filter.label} htmlFor={id}>
            <Input
              id={id}
              name={filter.param}
              type="number"
              min={filter.min}
              defaultValue={single(values[filter.param])}
              className="w-28"
            />
          </Field>
        );
      case 'text':
      case 'exact':
        return (
          <Field key={filter.param} label={filter.label} htmlFor={id}>
            <Input
              id={id}
              name={filter.param}
              defaultValue={single(values[filter.param])}
              text={filter.kind === 'exact' ? 'code' : undefined}
              className="w-56"
              maxLength={filter.maxLength ?? 200}
              placeholder={filter.placeholder}
              spellCheck={false}
              autoComplete="off"
            />
          </Field>
        );
      case 'enum':
      case 'boolean': {
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
              defaultValue={single(values[filter.param])}
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
      }
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <form
          ref={form}
          method="get"
          action={action}
          noValidate
          onSubmit={onSubmit}
          onInput={onInput}
          onChange={onChange}
          role="search"
          aria-label={label}
          aria-busy={isPending}
          className="flex flex-wrap items-end gap-3"
        >
          {searchHint === null ? null : (
            <Field label={`Search (${searchHint})`} htmlFor={`${baseId}-q`}>
              <Input
                id={`${baseId}-q`}
                name={LIST_PARAMS.q}
                type="search"
                defaultValue={single(values[LIST_PARAMS.q])}
                className="w-64"
                maxLength={200}
              />
            </Field>
          )}
          {filters.map(field)}
          {extraFields}
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {/* Filters apply as they are typed or picked; the button stays for the keyboard (Enter) and without JavaScript. */}
          <Button type="submit" variant="secondary" className="sr-only focus-visible:not-sr-only">
            <Search aria-hidden /> Apply
          </Button>
        </form>
        <div className="ml-auto flex items-end gap-2">
          <SaveViewButton />
          {children}
        </div>
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
                  navigate({
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
                  navigate({
                    [LIST_PARAMS.page]: null,
                    ...(searchHint === null ? {} : { [LIST_PARAMS.q]: null }),
                    ...Object.fromEntries(filterParamNames(filters).map((name) => [name, null])),
                  })
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
