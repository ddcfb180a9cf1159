/**
 * The owner account and a public-API key of a fresh (or reused) n8n, through its REST API: one way
 * for the e2e harness and the `npm start` demo.
 */
import type { AxiosInstance } from 'axios';

export interface Owner {
	email: string;
	firstName: string;
	lastName: string;
	password: string;
}

export function expectOk(response: { status: number; data: unknown }, what: string) {
	if (response.status >= 300) throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.data)}`);
}

/**
 * Sets the owner up and logs in, keeping the session cookie on `rest`. With `existingOk`, an owner
 * already set up (n8n answers 400 from the second start of a kept user folder) is logged in as is.
 */
export async function ownerSession(rest: AxiosInstance, owner: Owner, { existingOk = false } = {}): Promise<void> {
	const setup = await rest.post('/owner/setup', owner);
	if (!(existingOk && setup.status === 400)) expectOk(setup, 'owner setup');
	const login = await rest.post('/login', { emailOrLdapLoginId: owner.email, password: owner.password });
	expectOk(login, 'login');
	rest.defaults.headers.common.Cookie = (login.headers['set-cookie'] ?? []).map((cookie: string) => cookie.split(';')[0]).join('; ');
}

/** A new public-API key with every scope, replacing keys of the same label (`rest` must hold a session). */
export async function freshApiKey(rest: AxiosInstance, label: string): Promise<string> {
	const existing = await rest.get('/api-keys');
	expectOk(existing, 'api keys');
	// n8n 2.41 answers a page `{ items, counts, ... }`; older versions a plain array.
	const listed = existing.data.data as { items?: Array<{ id: string; label: string }> } | Array<{ id: string; label: string }>;
	for (const key of Array.isArray(listed) ? listed : (listed.items ?? [])) {
		if (key.label === label) await rest.delete(`/api-keys/${key.id}`);
	}
	const scopes = await rest.get('/api-keys/scopes');
	expectOk(scopes, 'api key scopes');
	const created = await rest.post('/api-keys', { label, scopes: scopes.data.data, expiresAt: null });
	expectOk(created, 'api key');
	return created.data.data.rawApiKey as string;
}
