'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { VisibleText } from '@/components/entities/visible-text';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { lookUpCandidates, type JumpCandidate } from './jump-lookup';
import { useApplyAsTyped } from './use-apply-as-typed';

/** Characters typed before names are looked up (the server searches names from three). */
const MIN_CHARS = 3;

interface EntityNamePickerProps {
  /** The registry's entity name (`workspaces`). */
  entity: string;
  label: string;
  /** The name of the filter form's id field this picker fills in. */
  idField: string;
  /** The name of the record the filter holds now, if any. */
  currentTitle: string | null;
}

/**
 * Finds a record by name for a filter that takes its id: the operator types part of a name,
 * picks one of the records listed, and the filter form's id field gets its id and applies. The
 * URL keeps the id, as before; the picker only saves looking the id up.
 */
export function EntityNamePicker({ entity, label, idField, currentTitle }: EntityNamePickerProps) {
  const inputId = useId();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const lookup = useRef<AbortController | null>(null);
  const typing = useApplyAsTyped();
  const [found, setFound] = useState<JumpCandidate[] | string | null>(null);
  const [active, setActive] = useState(-1);
  useEffect(() => () => lookup.current?.abort(), []);

  const search = async (term: string) => {
    lookup.current?.abort();
    const controller = new AbortController();
    lookup.current = controller;
    const answer = await lookUpCandidates(term, controller.signal, entity);
    if (answer.kind === 'aborted') return;
    setActive(-1);
    setFound(answer.kind === 'candidates' ? answer.candidates : answer.text);
  };

  const pick = (candidate: JumpCandidate) => {
    const field = input.current?.form?.elements.namedItem(idField);
    setFound(null);
    if (!(field instanceof HTMLInputElement) || !input.current) return;
    input.current.value = candidate.title;
    field.value = candidate.id;
    input.current.form?.requestSubmit();
  };

  // The form applies its own fields as they are typed; this field's text is not one of them.
  const onInput = (event: React.FormEvent<HTMLInputElement>) => {
    event.stopPropagation();
    const term = event.currentTarget.value.trim();
    if (Array.from(term).length < MIN_CHARS) {
      typing.cancel();
      lookup.current?.abort();
      setFound(null);
      return;
    }
    typing.schedule(() => void search(term));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setFound(null);
      return;
    }
    if (event.key === 'Enter') {
      // Enter picks; the name itself is no filter value.
      event.preventDefault();
      const chosen = Array.isArray(found) ? (found[active] ?? (found.length === 1 ? found[0] : undefined)) : undefined;
      if (chosen) pick(chosen);
      return;
    }
    if (!Array.isArray(found) || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    const count = found.length;
    setActive((current) =>
      event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1,
    );
  };

  const listed = Array.isArray(found);
  return (
    <div className="relative space-y-1">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        ref={input}
        id={inputId}
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        placeholder="Type a name…"
        defaultValue={currentTitle ?? ''}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listed ? listId : undefined}
        aria-activedescendant={listed && active >= 0 ? `${listId}-${active}` : undefined}
        onInput={onInput}
        onChange={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
        onBlur={() => setFound(null)}
        className="w-56"
      />
      {found === null ? null : listed ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label}: matches`}
          className="absolute z-30 mt-1 w-80 rounded-md border bg-popover p-1 text-sm text-popover-foreground shadow-md"
        >
          {found.map((candidate, index) => (
            <li
              key={candidate.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Picking happens before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(candidate);
              }}
              className={cn('cursor-pointer rounded px-2 py-1 hover:bg-accent', index === active && 'bg-accent')}
            >
              <bdi className="block truncate">
                <VisibleText text={candidate.title} />
              </bdi>
              <span className="block truncate font-mono text-xs text-muted-foreground">{candidate.id}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status" className="absolute z-30 mt-1 w-80 rounded-md border bg-popover p-2 text-sm shadow-md">
          {found}
        </p>
      )}
    </div>
  );
}
