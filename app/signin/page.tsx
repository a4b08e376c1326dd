import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInButton } from '@/components/auth/sign-in-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { callbackUrlOnConsole, safeCallbackPath } from '@/lib/auth/callback-url';
import { getOperator } from '@/lib/auth/session';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Sign in' };

/** next-auth error codes, in words an operator can act on. */
const ERROR_MESSAGES: Record<string, string> = {
  OAuthCallback:
    'The voice service did not complete the sign-in (the request may have expired or been tampered with). Try again.',
  OAuthSignin: 'The console could not start the sign-in with the voice service. Check that the service is reachable.',
  OAuthAccountNotLinked: 'This account cannot be used here.',
  Callback: 'The sign-in could not be completed. Try again.',
  AccessDenied: 'The voice service denied access.',
  Configuration: 'The console is misconfigured for sign-in. Check the VOICE_* settings.',
};

const REASON_MESSAGES: Record<string, string> = {
  expired: 'Your session ended. Sign in again to continue where you were.',
  'signed-out': 'You are signed out.',
};

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  const operator = await getOperator();
  if (operator?.hasAdminScope) redirect(callbackUrlOnConsole(params.callbackUrl));

  const error =
    typeof params.error === 'string' ? (ERROR_MESSAGES[params.error] ?? 'The sign-in failed. Try again.') : null;
  const reason = typeof params.reason === 'string' ? REASON_MESSAGES[params.reason] : undefined;

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle className="leading-none">
            <h1 className="text-lg">Voice operations console</h1>
          </CardTitle>
          <CardDescription>Sign in with an account of the voice service that holds the admin scope.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {error ? (
            <Alert variant="destructive">
              <AlertTitle>Sign-in failed</AlertTitle>
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          {reason ? (
            <Alert>
              <AlertDescription>{reason}</AlertDescription>
            </Alert>
          ) : null}
          <SignInButton callbackUrl={callbackUrl} />
        </CardContent>
      </Card>
    </main>
  );
}
