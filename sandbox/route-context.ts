import type { SandboxState } from './state';

/** What every route and the control API share: the state, the accepted clients, the token secret and the base URL. */
export interface SandboxContext {
	state: SandboxState;
	/** clientId → apiKey. */
	clients: ReadonlyMap<string, string>;
	/** HS256 secret of the tokens; random per sandbox unless given. */
	jwtSecret: string;
	/** The sandbox's own base URL (known once it listens), used in the links it hands out. */
	baseUrl(): string;
}
