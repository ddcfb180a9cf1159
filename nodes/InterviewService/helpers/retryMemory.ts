import { createHash } from 'crypto';

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { RetryMemory } from './operationContract';

const requestKey = (content: unknown): string => createHash('sha256').update(JSON.stringify(content)).digest('base64url');

/** Kept in the node context, which Retry On Fail's next attempt shares (docs/n8n-internals.md): an answer kept there is not asked for again. */
export function rememberedAnswers(context: IExecuteFunctions, scope: string, runIndex: number): RetryMemory {
	const store = context.getContext('node');
	const slot = `${scope}:run${runIndex}`;
	return {
		keyOf: requestKey,
		answerTo: (key) => (store[slot] as IDataObject | undefined)?.[key],
		keep: (key, answer) => {
			store[slot] ??= {};
			(store[slot] as IDataObject)[key] = answer as IDataObject;
		},
		forget: () => {
			delete store[slot];
		},
	};
}

/** For requests that may safely be sent again, and whose answers may hold secrets: keeps nothing, hashes nothing. */
export const NO_MEMORY: RetryMemory = { keyOf: () => '', answerTo: () => undefined, keep: () => {}, forget: () => {} };
