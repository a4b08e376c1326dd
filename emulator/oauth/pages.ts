/**
 * Server-rendered pages of the sign-in flow. Every dynamic value passes through escapeHtml;
 * form field names and button labels are stable, browser tests drive them:
 *   sign-in: fields `email`, `password`; button "Sign in"
 *   consent: buttons "Allow" and "Cancel"
 */
import type { Scope } from '../../lib/upstream/contract';
import { escapeHtml } from '../http';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/demo-accounts';

const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  admin: 'Administer the service: the /admin and /agents operations',
  identity: 'View information about your identity',
  'profile:read': 'View your profile',
  'profile:write': 'Manage profile information: e-mails, phones, video call and more',
  'channels:read': 'View basic information about your channels',
  'channels:write': 'Manage your channels and create new ones on your behalf',
  'channels:join': 'Join you to an existing channel',
};

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #18181b; margin: 0; }
  main { max-width: 26rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: .75rem;
         box-shadow: 0 1px 3px rgba(0,0,0,.12); overflow-wrap: anywhere; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; }
  button { margin-top: 1.25rem; padding: .6rem 1.2rem; font-size: 1rem; cursor: pointer; }
  .actions { display: flex; gap: .75rem; }
  .error { color: #b91c1c; font-weight: 600; }
  .hint { color: #52525b; font-size: .85rem; margin-top: 1.5rem; }
`;

export function renderPage(title: string, bodyHtml: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · Voice (emulator)</title>
  <style>${STYLE}</style>
</head>
<body><main>${bodyHtml}</main></body>
</html>`;
}

export function renderSignInPage(options: { uid: string; clientName: string; email?: string; error?: string }): string {
  const demoEmails = Object.values(DEMO_ACCOUNTS)
    .map((account) => escapeHtml(account.email))
    .join(', ');
  return renderPage(
    'Sign in',
    `<h1>Sign in to Voice</h1>
    <p>to continue to <strong>${escapeHtml(options.clientName)}</strong></p>
    ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
    <form method="post" action="/interaction/${encodeURIComponent(options.uid)}/login">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required autofocus
        value="${escapeHtml(options.email ?? '')}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">Sign in</button>
    </form>
    <p class="hint">Emulator demo accounts: ${demoEmails}; password <code>${escapeHtml(DEMO_PASSWORD)}</code>.</p>`,
  );
}

export function renderConsentPage(options: {
  uid: string;
  clientName: string;
  email: string;
  granted: readonly Scope[];
  refused: readonly string[];
}): string {
  const action = `/interaction/${encodeURIComponent(options.uid)}`;
  const grantedList = options.granted
    .map((scope) => `<li><code>${escapeHtml(scope)}</code>: ${escapeHtml(SCOPE_DESCRIPTIONS[scope])}</li>`)
    .join('');
  return renderPage(
    'Allow access',
    `<h1>Allow access?</h1>
    <p><strong>${escapeHtml(options.clientName)}</strong> asks for access to the account
      <strong>${escapeHtml(options.email)}</strong>:</p>
    ${grantedList ? `<ul>${grantedList}</ul>` : '<p>No access this account can grant.</p>'}
    ${
      options.refused.length > 0
        ? `<p class="error">Not available to this account: ${options.refused.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(', ')}</p>`
        : ''
    }
    <div class="actions">
      <form method="post" action="${action}/confirm"><button type="submit">Allow</button></form>
      <form method="post" action="${action}/abort"><button type="submit">Cancel</button></form>
    </div>`,
  );
}

export function renderInteractionErrorPage(message: string): string {
  return renderPage(
    'Sign-in expired',
    `<h1>Sign-in expired</h1>
    <p class="error" role="alert">${escapeHtml(message)}</p>
    <p>Return to the console and start signing in again.</p>`,
  );
}
