/**
 * Agent tokens: stateless JWTs (HS256, a key made at start-up, so they die with the process like
 * every other token) carrying `user_id` (the agent) and `creator_id` (its root human).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Lifetime when the request names none; at most an hour, like token-exchange assertions. */
export const DEFAULT_AGENT_TOKEN_SECONDS = 900;

const TOKEN_USE = 'agent';

export interface AgentTokenClaims {
  agentId: string;
  creatorId: string;
}

export type MintedAgentToken = {
  token: string;
  expires_at: string;
  expires_in: number;
  user_id: string;
  creator_id: string;
};

export class AgentTokens {
  private readonly key = randomBytes(32);

  constructor(private readonly issuer: string) {}

  async mint(claims: AgentTokenClaims, lifetimeSeconds: number): Promise<MintedAgentToken> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + lifetimeSeconds;
    const token = await new SignJWT({ user_id: claims.agentId, creator_id: claims.creatorId, token_use: TOKEN_USE })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setSubject(claims.agentId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .setJti(randomUUID())
      .sign(this.key);
    return {
      token,
      expires_at: new Date(expiresAt * 1000).toISOString(),
      expires_in: lifetimeSeconds,
      user_id: claims.agentId,
      creator_id: claims.creatorId,
    };
  }

  /** The claims of a valid, unexpired agent token minted here; null for anything else. */
  async verify(token: string): Promise<AgentTokenClaims | null> {
    if (token.split('.').length !== 3) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: this.issuer, algorithms: ['HS256'] });
      const { user_id: agentId, creator_id: creatorId, token_use: use } = payload;
      if (use !== TOKEN_USE || typeof agentId !== 'string' || typeof creatorId !== 'string') return null;
      return { agentId, creatorId };
    } catch {
      return null;
    }
  }
}
