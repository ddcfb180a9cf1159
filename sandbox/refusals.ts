/** The candidates the service will not take, by the `refusals` rule of the config (see assumptions.ts). */
import { MESSAGES, REFUSAL_REASONS } from './assumptions';
import { ApiError } from './http';
import type { SandboxConfig } from './state';

/** Why a candidate is refused (by e-mail or by domain), or undefined when it is not. */
function refusalReason({ refusals }: SandboxConfig, email: string): string | undefined {
	const address = email.trim().toLowerCase();
	const domain = address.slice(address.lastIndexOf('@') + 1);
	const matches = (list: string[], value: string) => list.some((refused) => refused.trim().toLowerCase() === value);
	if (matches(refusals.emails, address)) return REFUSAL_REASONS.email;
	return matches(refusals.domains, domain) ? REFUSAL_REASONS.domain(domain) : undefined;
}

/**
 * What the service takes of a request. Under the three `reject…` dialects a refused candidate fails
 * the whole request with a 422, naming nobody, each refused e-mail, or each refused candidate's
 * place in `listName` (`candidates.3.email` for `candidates`); under `omitCandidate` the refused ones
 * are left out. `emailField` is the field of a candidate that holds its e-mail (none when the list holds e-mails).
 */
export function takenCandidates<T>(
	config: SandboxConfig,
	candidates: T[],
	emailOf: (candidate: T) => string,
	where: { listName: string; emailField?: string },
): T[] {
	const refused = candidates.flatMap((candidate, place) => {
		const message = refusalReason(config, emailOf(candidate));
		return message === undefined ? [] : [{ email: emailOf(candidate), place, message }];
	});
	if (refused.length === 0 || config.refusals.dialect === 'omitCandidate') {
		const refusedPlaces = new Set(refused.map(({ place }) => place));
		return candidates.filter((_, place) => !refusedPlaces.has(place));
	}
	switch (config.refusals.dialect) {
		case 'rejectRequest':
			throw new ApiError(422, MESSAGES.validation, null);
		case 'rejectNamingEmail':
			throw new ApiError(422, MESSAGES.validation, refused.map(({ email, message }) => ({ email, message })));
		case 'rejectNamingPlace': {
			const pathOf = (place: number) => [where.listName, place, ...(where.emailField ? [where.emailField] : [])].join('.');
			throw new ApiError(422, MESSAGES.validation, refused.map(({ place, message }) => ({ path: pathOf(place), message })));
		}
	}
}
