/**
 * Credentials and bearer tokens: client key check, HS256 JWT issue and verification, and the
 * revocation the control API triggers ("every token issued so far is now expired").
 */
import { createHash, timingSafeEqual } from 'node:crypto';

import type { FastifyRequest } from 'fastify';
import jwt from 'jsonwebtoken';

import { MESSAGES, TOKEN_ALGORITHM } from './assumptions';
import type { SandboxContext } from './route-context';
import { ApiError } from './http';
import type { SandboxState } from './state';

interface TokenClaims {
	sub: string;
	/** Issue sequence number, so that revocation can cut at "every token issued so far". */
	seq: number;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function clientKeyMatches(clients: ReadonlyMap<string, string>, clientId: string, apiKey: string): boolean {
	const expected = clients.get(clientId);
	// Digests have equal length, so the comparison takes the same time whatever the key.
	return expected !== undefined && timingSafeEqual(digest(expected), digest(apiKey));
}

/** The lifetime granted: the requested one (or the default), capped at the maximum. */
export function grantedLifetime(state: SandboxState, requested: number | undefined): number {
	return Math.min(requested ?? state.config.tokenTtl, state.config.tokenTtlMax);
}

export function issueToken(context: SandboxContext, clientId: string, expiresIn: number): string {
	const claims: TokenClaims = { sub: clientId, seq: ++context.state.tokens.issued };
	return jwt.sign(claims, context.jwtSecret, { algorithm: TOKEN_ALGORITHM, expiresIn });
}

export function revokeAllTokens(state: SandboxState) {
	state.tokens.revokedThrough = state.tokens.issued;
	state.tokens.expireAfterRequests = null;
}

function bearerOf(request: FastifyRequest): string | undefined {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
	return match?.[1];
}

function verify(context: SandboxContext, token: string): TokenClaims {
	let claims: TokenClaims;
	try {
		claims = jwt.verify(token, context.jwtSecret, { algorithms: [TOKEN_ALGORITHM] }) as unknown as TokenClaims;
	} catch (error) {
		const code = error instanceof jwt.TokenExpiredError ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID';
		throw new ApiError(401, MESSAGES.invalidToken, { code });
	}
	if (typeof claims.seq !== 'number' || claims.seq <= context.state.tokens.revokedThrough) {
		throw new ApiError(401, MESSAGES.invalidToken, { code: 'TOKEN_EXPIRED' });
	}
	return claims;
}

/** Counts one authenticated request against a pending "expire after n requests". */
function countTowardsExpiry(state: SandboxState) {
	const remaining = state.tokens.expireAfterRequests;
	if (remaining === null) return;
	if (remaining <= 1) revokeAllTokens(state);
	else state.tokens.expireAfterRequests = remaining - 1;
}

/** onRequest hook of every protected endpoint. */
export function requireBearer(context: SandboxContext) {
	return async (request: FastifyRequest) => {
		const token = bearerOf(request);
		if (!token) throw new ApiError(401, MESSAGES.missingToken, { code: 'TOKEN_MISSING' });
		verify(context, token);
		countTowardsExpiry(context.state);
	};
}

/** The exchange behind both credential endpoints: a valid client gets a token of the granted lifetime. */
export function exchangeCredentials(
	context: SandboxContext,
	body: { clientId: string; apiKey: string; expiresIn?: number },
): { token: string; expiresIn: number } {
	if (!clientKeyMatches(context.clients, body.clientId, body.apiKey)) {
		throw new ApiError(401, MESSAGES.invalidCredentials, { code: 'INVALID_CLIENT_CREDENTIALS' });
	}
	const expiresIn = grantedLifetime(context.state, body.expiresIn);
	return { token: issueToken(context, body.clientId, expiresIn), expiresIn };
}
