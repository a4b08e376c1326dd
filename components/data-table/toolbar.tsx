'use client';

import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select-native';
import type { ActiveFilter } from '@/lib/entities/list-params';
import { LIST_PARAMS } from '@/lib/entities/list-state';
import { DATE_RANGE_PARAMS, type FilterSpec } from '@/lib/entities/types';

interface DataTableToolbarProps {
  filters: readonly FilterSpec[];
  /** What free text searches; null hides the search box. */
  searchHint: string | null;
  q: string;
  /** Current filter values by URL parameter. */
  values: Readonly<Record<string, string>>;
  active: readonly ActiveFilter[];
  onApply: (changes: Record<string, string | null>) => void;
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
 * on Enter or Apply, choices apply at once. Below it, each active filter with a remove button.
 */
export function DataTableToolbar({ filters, searchHint, q, values, active, onApply, children }: DataTableToolbarProps) {
  const baseId = useId();
  const names = [...(searchHint === null ? [] : [LIST_PARAMS.q]), ...filters.flatMap((filter) => (filter.kind === 'date-range' ? [DATE_RANGE_PARAMS.from, DATE_RANGE_PARAMS.to] : [filter.param]))];

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const changes: Record<string, string | null> = { [LIST_PARAMS.page]: null };
    for (const name of names) {
      const value = data.get(name);
      changes[name] = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    }
    onApply(changes);
  };
  const submitNow = (event: React.ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        {/* Re-created when the URL's values change, so the fields always show what applies. */}
        <form key={JSON.stringify([q, values])} onSubmit={onSubmit} role="search" aria-label="Filters" className="flex flex-wrap items-end gap-3">
          {searchHint === null ? null : (
            <Field label={`Search (${searchHint})`} htmlFor={`${baseId}-q`}>
              <Input id={`${baseId}-q`} name={LIST_PARAMS.q} type="search" defaultValue={q} className="w-64" maxLength={200} />
            </Field>
          )}
          {filters.map((filter) => {
            if (filter.kind === 'date-range') {
              return (
                <div key="date-range" className="flex items-end gap-2">
                  <Field label={`${filter.label} from (UTC)`} htmlFor={`${baseId}-from`}>
                    <Input id={`${baseId}-from`} name={DATE_RANGE_PARAMS.from} type="date" defaultValue={values[DATE_RANGE_PARAMS.from] ?? ''} className="w-40" />
                  </Field>
                  <Field label={`${filter.label} to (UTC)`} htmlFor={`${baseId}-to`}>
                    <Input id={`${baseId}-to`} name={DATE_RANGE_PARAMS.to} type="date" defaultValue={values[DATE_RANGE_PARAMS.to] ?? ''} className="w-40" />
                  </Field>
                </div>
              );
            }
            const id = `${baseId}-${filter.param}`;
            const value = values[filter.param] ?? '';
            if (filter.kind === 'exact') {
              return (
                <Field key={filter.param} label={filter.label} htmlFor={id}>
                  <Input id={id} name={filter.param} defaultValue={value} className="w-56 font-mono text-xs" maxLength={200} spellCheck={false} autoComplete="off" />
                </Field>
              );
            }
            const options = filter.kind === 'enum' ? filter.options.map((option) => [option, option] as const) : ([['true', 'yes'], ['false', 'no']] as const);
            return (
              <Field key={filter.param} label={filter.label} htmlFor={id}>
                <NativeSelect id={id} name={filter.param} defaultValue={value} onChange={submitNow} wrapperClassName="w-44">
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
          <Button type="submit" variant="secondary">
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
                size="sm"
                className="h-7 max-w-80 rounded-full"
                aria-label={`Remove filter ${filter.label}: ${filter.value}`}
                onClick={() => onApply({ [LIST_PARAMS.page]: null, ...Object.fromEntries(filter.params.map((param) => [param, null])) })}
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
              <Button type="button" variant="ghost" size="sm" className="h-7" onClick={() => onApply({ [LIST_PARAMS.page]: null, ...Object.fromEntries(names.map((name) => [name, null])) })}>
                Clear all filters
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
