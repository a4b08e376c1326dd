import { signOutOperator } from '@/app/_actions/session';
import { Button } from '@/components/ui/button';

/** A plain form posting the sign-out action: works before hydration and adds no client code. */
export function SignOutButton({ variant = 'ghost' }: { variant?: 'ghost' | 'outline' | 'default' }) {
  return (
    <form action={signOutOperator}>
      <Button type="submit" variant={variant} size="sm">
        Sign out
      </Button>
    </form>
  );
}
