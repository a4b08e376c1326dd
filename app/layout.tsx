import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { CONSOLE_ICON_URL } from '@/components/shell/console-icon';
import { ThemeProvider } from '@/components/theme-provider';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Voice operations console', template: '%s · Voice operations console' },
  description: 'Operator console for the voice messaging service',
  icons: { icon: { url: CONSOLE_ICON_URL, type: 'image/svg+xml' } },
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen bg-background text-foreground antialiased">
        <ThemeProvider nonce={nonce}>
          {children}
          <LazyToaster />
        </ThemeProvider>
      </body>
    </html>
  );
}
