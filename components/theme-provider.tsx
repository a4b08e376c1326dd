'use client';

import * as React from 'react';
import { ThemeProvider as NextThemesProvider } from 'next-themes';

type ThemeProviderProps = React.ComponentProps<typeof NextThemesProvider>;

// A script created on the client never runs, and React 19 logs an error for one unless it is a
// data block; the server-rendered copy keeps its executable type, so the anti-flash script works.
const scriptProps = { type: typeof window === 'undefined' ? undefined : 'application/json' };

export function ThemeProvider({ children, nonce, ...props }: ThemeProviderProps) {
  return (
    <NextThemesProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      nonce={nonce}
      scriptProps={scriptProps}
      {...props}
    >
      {children}
    </NextThemesProvider>
  );
}
