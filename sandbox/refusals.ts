/** The candidates the service will not take, by the `refusals` rule of the config (see assumptions.ts). */
import { MESSAGES } from './assumptions';
import { ApiError } from './http';
import type { SandboxConfig } from './state';

function isRefused({ refusals }: SandboxConfig, email: string): boolean {
	const address = email.trim().toLowerCase();
	const domain = address.slice(address.lastIndexOf('@') + 1);
	const matches = (list: string[], value: string) => list.some((refused) => refused.trim().toLowerCase() === value);
	return matches(refusals.emails, address) || matches(refusals.domains, domain);
}

/**
 * What the service takes of a request: under `rejectRequest` a refused candidate fails the whole
 * request with a 422 that names nobody; under `omitCandidate` the refused ones are left out.
 */
export function takenCandidates<T>(config: SandboxConfig, candidates: T[], emailOf: (candidate: T) => string): T[] {
	const taken = candidates.filter((candidate) => !isRefused(config, emailOf(candidate)));
	if (taken.length < candidates.length && config.refusals.dialect === 'rejectRequest') {
		throw new ApiError(422, MESSAGES.validation, null);
	}
	return taken;
}
