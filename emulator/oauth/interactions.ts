/**
 * The sign-in and consent steps of the authorization flow (oidc-provider "interactions"):
 *   GET  /interaction/{uid}          the sign-in page, or the consent page once signed in
 *   POST /interaction/{uid}/login    email + password; wrong ones show the sign-in page again
 *   POST /interaction/{uid}/confirm  "Allow": grants the requested scopes the account may have
 *   POST /interaction/{uid}/abort    "Cancel": the console receives access_denied
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { SCOPES, type Scope } from '../../lib/upstream/contract';
import { readFormBody, sendHtml } from '../http';
import { grantableScopes, type AccountStore } from './accounts';
import { renderConsentPage, renderInteractionErrorPage, renderSignInPage } from './pages';

const FORM_LIMIT_BYTES = 16 * 1024;
const PATH_PATTERN = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/;

export interface InteractionOptions {
  provider: Provider;
  accounts: AccountStore;
  /** The resource indicator granted scopes are recorded for. */
  resource: string;
}

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;
type Step = (req: IncomingMessage, res: ServerResponse, details: InteractionDetails) => Promise<void>;

export function createInteractionHandler(options: InteractionOptions) {
  const { provider, accounts, resource } = options;

  const clientNameOf = async (clientId: unknown): Promise<string> => {
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
    return client?.clientName ?? client?.clientId ?? 'an application';
  };

  const requestedScopes = (scope: unknown): string[] =>
    typeof scope === 'string' ? scope.split(' ').filter((item) => item !== '') : [];

  const showCurrentStep: Step = async (_req, res, details) => {
    const clientName = await clientNameOf(details.params.client_id);
    if (details.prompt.name === 'login') {
      sendHtml(res, 200, renderSignInPage({ uid: details.uid, clientName }));
      return;
    }
    const account = details.session?.accountId ? await accounts.findById(details.session.accountId) : null;
    if (!account) throw new errors.SessionNotFound('the signed-in account no longer exists');
    const { granted, refused } = splitScopes(requestedScopes(details.params.scope), grantableScopes(account));
    sendHtml(res, 200, renderConsentPage({ uid: details.uid, clientName, email: account.email, granted, refused }));
  };

  const signIn: Step = async (req, res, details) => {
    const form = await readFormBody(req, FORM_LIMIT_BYTES);
    const email = form.get('email') ?? '';
    const account = await accounts.verifyCredentials(email, form.get('password') ?? '');
    if (!account) {
      const clientName = await clientNameOf(details.params.client_id);
      const error = 'Wrong email or password.';
      sendHtml(res, 200, renderSignInPage({ uid: details.uid, clientName, email, error }));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.id } },
      { mergeWithLastSubmission: false },
    );
  };

  const consent: Step = async (req, res, details) => {
    const accountId = details.session?.accountId;
    const account = accountId ? await accounts.findById(accountId) : null;
    if (details.prompt.name !== 'consent' || !account) {
      throw new errors.InvalidRequest('this sign-in request is not waiting for consent');
    }
    const { granted, refused } = splitScopes(requestedScopes(details.params.scope), grantableScopes(account));
    const grant = new provider.Grant({ accountId: account.id, clientId: String(details.params.client_id) });
    if (granted.length > 0) {
      grant.addOIDCScope(granted.join(' '));
      grant.addResourceScope(resource, granted.join(' '));
    }
    // Refused scopes count as answered, so the consent prompt does not come back for them.
    if (refused.length > 0) {
      grant.rejectOIDCScope(refused.join(' '));
      grant.rejectResourceScope(resource, refused.join(' '));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  const abort: Step = async (req, res) => {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
  };
  const steps: Record<string, Step> = { login: signIn, confirm: consent, abort };

  /** Answers a request under /interaction/; a stale or foreign uid gets a clear error page. */
  return async function handleInteraction(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const match = PATH_PATTERN.exec(path);
    const step = match?.[2];
    const run = step === undefined ? showCurrentStep : steps[step];
    if (!match || !run || req.method !== (step === undefined ? 'GET' : 'POST')) {
      sendHtml(res, 404, renderInteractionErrorPage('There is no such sign-in page.'));
      return;
    }
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== match[1]) throw new errors.SessionNotFound('interaction mismatch');
      await run(req, res, details);
    } catch (error) {
      if (!(error instanceof errors.OIDCProviderError)) throw error;
      sendHtml(res, 400, renderInteractionErrorPage('This sign-in request has expired or was already completed.'));
    }
  };
}

function splitScopes(
  requested: readonly string[],
  grantable: readonly Scope[],
): { granted: Scope[]; refused: string[] } {
  const allowed = new Set<string>(grantable);
  const granted = SCOPES.filter((scope) => requested.includes(scope) && allowed.has(scope));
  const refused = requested.filter((scope) => !allowed.has(scope));
  return { granted, refused };
}
