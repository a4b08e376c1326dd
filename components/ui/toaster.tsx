'use client';

import type * as React from 'react';
import { useTheme } from 'next-themes';
import { Toaster as Sonner, toast, type ToasterProps } from 'sonner';
import 'sonner/dist/styles.css';

const themeVars: React.CSSProperties & Record<`--${string}`, string> = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
};

function Toaster(props: ToasterProps) {
  const { theme } = useTheme();
  const sonnerTheme = theme === 'light' || theme === 'dark' ? theme : 'system';
  return <Sonner theme={sonnerTheme} style={themeVars} {...props} />;
}

export { Toaster, toast, type ToasterProps };
