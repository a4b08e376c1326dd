'use client';

import * as React from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';

import { Button } from '@/components/ui/button';

const modes = ['light', 'dark', 'system'] as const;
type Mode = (typeof modes)[number];

const icons = { light: Sun, dark: Moon, system: Monitor } as const;
const labels: Record<Mode, string> = { light: 'Light', dark: 'Dark', system: 'System' };

const subscribe = () => () => {};

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  const mounted = React.useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

  if (!mounted) {
    return (
      <Button variant="ghost" size="sm" className={className} disabled>
        <span className="size-4" aria-hidden="true" />
        Theme
      </Button>
    );
  }

  const current: Mode = theme === 'light' || theme === 'dark' ? theme : 'system';
  const next = modes[(modes.indexOf(current) + 1) % modes.length] ?? 'light';
  const Icon = icons[current];

  return (
    // A visible label: the icon alone did not say what the button does.
    <Button
      variant="ghost"
      size="sm"
      className={className}
      aria-label={`Theme: ${labels[current]} (switch to ${labels[next]})`}
      onClick={() => setTheme(next)}
    >
      <Icon aria-hidden="true" />
      {labels[current]}
    </Button>
  );
}
