import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getOperator } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Admin scope required' };

export default async function AdminScopeRequiredPage() {
  const operator = await getOperator();
  if (!operator) redirect('/signin');
  if (operator.hasAdminScope) redirect('/');
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="leading-none">
            <h1 className="text-lg">Admin scope required</h1>
          </CardTitle>
          <CardDescription>
            You are signed in as <span className="font-medium text-foreground">{operator.email}</span>, but the voice
            service did not grant this account the <code>admin</code> scope.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-sm text-muted-foreground">
          <p>
            The console only works for operators with the admin scope. Ask the service&apos;s administrators to grant
            it, or sign out and sign in with another account.
          </p>
          <SignOutButton variant="outline" />
        </CardContent>
      </Card>
    </main>
  );
}
