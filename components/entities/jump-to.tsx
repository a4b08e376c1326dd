'use client';

import { CornerDownLeft, LoaderCircle } from 'lucide-react';
import { Link } from '@/components/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { lookUpCandidates, type JumpCandidate } from '@/components/data-table/filters/jump-lookup';
import { isTyping, keyIsTaken } from '@/components/shell/keyboard';
import { VisibleText } from './visible-text';

type JumpState =
  | { phase: 'idle' }
  | { phase: 'searching' }
  | { phase: 'candidates'; term: string; candidates: JumpCandidate[]; path: string; suggested: boolean }
  | { phase: 'message'; text: string; path: string };

/** Characters typed before candidates are suggested (the server searches names from three). */
const SUGGEST_MIN_CHARS = 3;
/** How long typing pauses before candidates are asked for. */
const SUGGEST_DEBOUNCE_MS = 250;

/**
 * Jump to any record by id, e-mail or name (shortcut `/` or Ctrl/Cmd+K): one match opens it,
 * several are listed to choose from.
 */
export function JumpTo() {
  const router = useRouter();
  const inputId = useId();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<JumpState>({ phase: 'idle' });
  const [isNavigating, startTransition] = useTransition();
  const pathname = usePathname();
  const lookup = useRef<AbortController | null>(null);

  useEffect(() => () => lookup.current?.abort(), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Not for a key another handler took, nor behind an open dialog.
      if (keyIsTaken(event)) return;
      const commandK =
        (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k';
      // `/` may need Shift on some keyboard layouts: only Ctrl, Cmd and Alt rule it out.
      if (
        commandK ||
        (event.key === '/' && !isTyping(event.target) && !event.altKey && !event.ctrlKey && !event.metaKey)
      ) {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const [active, setActive] = useState(-1);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(typing.current ?? undefined), []);

  /** Looks the term up; `suggest` (while typing) lists candidates and never opens one by itself. */
  const lookUp = async (term: string, suggest: boolean) => {
    // A newer lookup replaces an older one: a slow answer for a mistyped id must not win.
    lookup.current?.abort();
    const controller = new AbortController();
    lookup.current = controller;
    const path = pathname;
    setActive(-1);
    if (!suggest) setState({ phase: 'searching' });
    const found = await lookUpCandidates(term, controller.signal);
    if (found.kind === 'aborted') return;
    if (found.kind === 'message') {
      setState({ phase: 'message', text: found.text, path });
    } else if (found.candidates.length === 1 && !suggest) {
      setState({ phase: 'idle' });
      startTransition(() => router.push(found.candidates[0]!.href));
    } else {
      setState({ phase: 'candidates', term, candidates: found.candidates, path, suggested: suggest });
    }
  };

  const jump = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(typing.current ?? undefined);
    const chosen = state.phase === 'candidates' ? state.candidates[active] : undefined;
    if (chosen) {
      setState({ phase: 'idle' });
      startTransition(() => router.push(chosen.href));
      return;
    }
    const term = input.current?.value.trim() ?? '';
    if (term !== '') void lookUp(term, false);
  };

  const onType = (event: React.ChangeEvent<HTMLInputElement>) => {
    const term = event.target.value.trim();
    clearTimeout(typing.current ?? undefined);
    if (Array.from(term).length < SUGGEST_MIN_CHARS) {
      lookup.current?.abort();
      setState({ phase: 'idle' });
      return;
    }
    typing.current = setTimeout(() => void lookUp(term, true), SUGGEST_DEBOUNCE_MS);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setState({ phase: 'idle' });
      return;
    }
    if (state.phase !== 'candidates' || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    const count = state.candidates.length;
    setActive((current) =>
      event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1,
    );
  };

  const busy = state.phase === 'searching' || isNavigating;
  // Results belong to the page they were asked on: navigating elsewhere closes them.
  const open = (state.phase === 'candidates' || state.phase === 'message') && state.path === pathname;
  return (
    <div className="relative w-full max-w-md">
      <form onSubmit={jump} role="search" aria-label="Jump to a record" className="relative">
        <label htmlFor={inputId} className="sr-only">
          Jump to id, e-mail or name
        </label>
        <Input
          ref={input}
          id={inputId}
          name="q"
          type="search"
          placeholder="Jump to id, e-mail or name…  ( / )"
          autoComplete="off"
          spellCheck={false}
          maxLength={320}
          aria-keyshortcuts="/ Control+K Meta+K"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && state.phase === 'candidates'}
          aria-controls={open && state.phase === 'candidates' ? `${listId}-options` : undefined}
          aria-activedescendant={
            open && state.phase === 'candidates' && active >= 0 ? `${listId}-${active}` : undefined
          }
          onChange={onType}
          onKeyDown={onKeyDown}
          className="w-full pr-9"
        />
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground">
          {busy ? (
            <LoaderCircle className="size-4 animate-spin" aria-label="Looking up" />
          ) : (
            <CornerDownLeft className="size-4" aria-hidden />
          )}
        </span>
      </form>
      {open && (state.phase === 'candidates' || state.phase === 'message') ? (
        <div
          id={listId}
          className="absolute z-30 mt-1 w-full rounded-md border bg-popover p-2 text-sm text-popover-foreground shadow-md"
          data-testid="jump-results"
        >
          {state.phase === 'message' ? (
            <p role="status">{state.text}</p>
          ) : (
            <>
              <p role="status" className="px-1 pb-1 text-xs text-muted-foreground">
                {state.candidates.length} {state.candidates.length === 1 ? 'record matches' : 'records match'} “
                <bdi>{state.term}</bdi>”{state.suggested ? ' (↑ ↓ to choose, Enter to open)' : ''}:
              </p>
              <ul role="listbox" id={`${listId}-options`} aria-label="Matching records">
                {state.candidates.map((candidate, index) => (
                  // The link is the option itself: an option holds no other control.
                  <li key={candidate.href} role="none">
                    <Link
                      href={candidate.href}
                      id={`${listId}-${index}`}
                      role="option"
                      aria-selected={index === active}
                      tabIndex={-1}
                      onClick={() => setState({ phase: 'idle' })}
                      className={cn(
                        'flex items-baseline gap-2 rounded px-1 py-1 hover:bg-accent',
                        index === active && 'bg-accent',
                      )}
                    >
                      <span className="w-20 shrink-0 text-xs text-muted-foreground">{candidate.entityLabel}</span>
                      <span className="min-w-0 flex-1">
                        <bdi className="block truncate">
                          <VisibleText text={candidate.title} />
                        </bdi>
                        <span
                          className="block truncate text-xs text-muted-foreground"
                          data-testid="jump-candidate-detail"
                        >
                          {candidate.subtitle ? (
                            <>
                              <bdi>
                                <VisibleText text={candidate.subtitle} />
                              </bdi>
                              {' · '}
                            </>
                          ) : null}
                          <span className="font-mono">{candidate.id}</span>
                        </span>
                      </span>
                      <span className="shrink-0 font-mono text-[10px] text-muted-foreground">
                        by {candidate.matchedBy}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
