import { createHash, randomBytes, timingSafeEqual } from 'crypto';

import type { IDataObject } from 'n8n-workflow';

import { SECRET_QUERY_PARAMETER } from '../shared/webhookSecret';

/*
 * The spec shows no signing for webhook calls, so the only proof that a POST comes from the
 * service is a secret we put into the URL we register: whoever knows that URL can call us.
 */

/** 32 random bytes as hex: unguessable, and URL-safe without encoding. */
export function createWebhookSecret(): string {
	return randomBytes(32).toString('hex');
}

export function withSecret(webhookUrl: string, secret: string): string {
	const separator = webhookUrl.includes('?') ? '&' : '?';
	return `${webhookUrl}${separator}${SECRET_QUERY_PARAMETER}=${secret}`;
}

/** The webhook URL without its query, to recognise one of ours whatever secret it carries. */
export function withoutQuery(url: string): string {
	const queryStart = url.indexOf('?');
	return queryStart === -1 ? url : url.slice(0, queryStart);
}

/** The secret as received; a repeated parameter arrives as an array and is refused. */
export function receivedSecret(query: IDataObject | undefined): string | undefined {
	const value = query?.[SECRET_QUERY_PARAMETER];
	return typeof value === 'string' ? value : undefined;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Constant-time comparison. Both sides are hashed first, so the buffers always have the same
 * length and the time spent tells nothing about the expected secret, not even its length.
 */
export function secretMatches(expected: unknown, received: unknown): boolean {
	if (typeof expected !== 'string' || expected === '' || typeof received !== 'string') return false;
	return timingSafeEqual(sha256(expected), sha256(received));
}
