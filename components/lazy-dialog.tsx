'use client';

import { cloneElement, isValidElement, useState, type ComponentType } from 'react';

/** A dialog that brings its own trigger, and can start open. */
export interface LazyDialogProps {
  trigger: React.ReactNode;
  defaultOpen?: boolean;
}

/**
 * A dialog whose code (Radix, its form) loads when its trigger is first used: until then the page
 * carries only the trigger. On the first click the dialog renders open, with its own trigger in
 * place of this one (Radix returns focus to that trigger when the dialog closes).
 */
export function lazyDialog<P extends LazyDialogProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  function LazyDialog(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
    if (Loaded) return <Loaded {...props} defaultOpen />;
    const { trigger } = props;
    if (!isValidElement<React.ComponentProps<'button'>>(trigger)) return trigger;
    return cloneElement(trigger, {
      type: 'button',
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      'data-state': 'closed',
      onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
        trigger.props.onClick?.(event);
        if (!event.defaultPrevented) void load().then((component) => setLoaded(() => component));
      },
    } as React.ComponentProps<'button'>);
  }
  return LazyDialog;
}
