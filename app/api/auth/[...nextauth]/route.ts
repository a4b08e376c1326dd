import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/options';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// Built per request so settings are read at run time, not baked in at build time.
async function handler(request: NextRequest, context: RouteContext) {
  return NextAuth(request, { params: await context.params }, authOptions());
}

export { handler as GET, handler as POST };
