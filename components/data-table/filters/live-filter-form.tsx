'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useTransition } from 'react';
import { useApplyAsTyped } from './use-apply-as-typed';

/** What the form would submit as a GET form, empty fields left out: the URL its page parses. */
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

interface LiveFilterFormProps {
  /** The page the filters belong to; the form submits there without JavaScript. */
  action: string;
  label: string;
  className?: string;
  /** Server-rendered fields (with their current values as defaults), hidden ones included. */
  children: React.ReactNode;
}

/**
 * A server page's filter form (a plain GET form without JavaScript) that applies as the operator
 * types, the same way as the entity lists' toolbar: text after a pause (the history entry replaced),
 * picks and Enter at once. The URL is what the GET form would submit, so the page's own parser
 * reads it as before. A field whose `pattern` does not match yet (a half-typed time) holds the
 * typed apply back; Enter applies it anyway and the page says what is wrong.
 */
export function LiveFilterForm({ action, label, className, children }: LiveFilterFormProps) {
  const router = useRouter();
  const pathname = usePathname();
  const query = useSearchParams().toString();
  const form = useRef<HTMLFormElement>(null);
  const typing = useApplyAsTyped();
  const [pending, startTransition] = useTransition();

  // The fields show what the URL applies (back, Reset, a pasted link): the server renders them as
  // defaults; the field being typed in keeps what the URL is catching up with.
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
  }, [pathname, query]);

  const apply = (element: HTMLFormElement, how: 'push' | 'replace') => {
    const href = hrefOf(action, element);
    startTransition(() =>
      how === 'push' ? router.push(href, { scroll: false }) : router.replace(href, { scroll: false }),
    );
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    typing.cancel();
    apply(event.currentTarget, 'push');
  };
  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    if (!isTextField(event.target)) return;
    const element = event.currentTarget;
    typing.schedule(() => {
      if (element.checkValidity()) apply(element, 'replace');
    });
  };
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    if (isTextField(event.target)) return;
    typing.cancel();
    apply(event.currentTarget, 'push');
  };

  return (
    <form
      ref={form}
      method="get"
      action={action}
      noValidate
      onSubmit={onSubmit}
      onInput={onInput}
      onChange={onChange}
      aria-label={label}
      aria-busy={pending}
      className={className}
    >
      {children}
    </form>
  );
}
