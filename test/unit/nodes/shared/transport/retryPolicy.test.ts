import { parseRetryAfter } from '../../../../../nodes/shared/transport/errors';
import { retryDelayMs, policyFromOptions } from '../../../../../nodes/shared/transport/request';

const networkError = { httpCode: 'ECONNRESET' };
const timeout = { httpCode: 'ECONNABORTED' };
const half = () => 0;
/** The policy of a run without Request Options. */
const DEFAULT_RETRY_POLICY = policyFromOptions({});

describe('the retry policy', () => {
	it('retries 429 and 503 for any method, 502/504 and network errors only for GET, timeouts never', () => {
		const delay = (method: 'GET' | 'POST', status: number | undefined, error: unknown = {}) =>
			retryDelayMs(DEFAULT_RETRY_POLICY, method, 1, status, undefined, error, half);
		expect(delay('POST', 429)).toBe(500);
		expect(delay('POST', 503)).toBe(500);
		expect(delay('POST', 502)).toBeUndefined();
		expect(delay('POST', 504)).toBeUndefined();
		expect(delay('POST', undefined, networkError)).toBeUndefined();
		expect(delay('GET', 502)).toBe(500);
		expect(delay('GET', 504)).toBe(500);
		expect(delay('GET', undefined, networkError)).toBe(500);
		expect(delay('GET', undefined, timeout)).toBeUndefined();
		expect(delay('GET', 500)).toBeUndefined();
		expect(delay('GET', 404)).toBeUndefined();
	});

	it('backs off exponentially with jitter, capped by Max Retry Wait, and stops at Max Attempts', () => {
		const policy = { maxAttempts: 5, maxWaitMs: 3000 };
		const delays = [1, 2, 3, 4].map((attempt) => retryDelayMs(policy, 'GET', attempt, 503, undefined, {}, () => 1));
		expect(delays).toEqual([1000, 2000, 3000, 3000]);
		expect(retryDelayMs(policy, 'GET', 1, 503, undefined, {}, half)).toBe(500);
		expect(retryDelayMs(policy, 'GET', 5, 503, undefined, {}, half)).toBeUndefined();
	});

	it('waits what Retry-After says, and gives up at once when that is longer than Max Retry Wait', () => {
		expect(retryDelayMs(DEFAULT_RETRY_POLICY, 'POST', 1, 429, 2, {})).toBe(2000);
		expect(retryDelayMs({ maxAttempts: 3, maxWaitMs: 10_000 }, 'POST', 1, 429, 11, {})).toBeUndefined();
	});

	it('reads Retry-After as seconds or as an HTTP date', () => {
		const now = Date.parse('2026-11-22T10:00:00Z');
		expect(parseRetryAfter('2', now)).toBe(2);
		expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5);
		expect(parseRetryAfter('Sun, 22 Nov 2026 09:59:00 GMT', now)).toBe(0);
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
	});

	it('reads the Request Options, with defaults 3 attempts and 60 s', () => {
		expect(policyFromOptions({})).toEqual({ maxAttempts: 3, maxWaitMs: 60_000 });
		expect(policyFromOptions({ maxAttempts: 1, maxRetryWait: 5 })).toEqual({ maxAttempts: 1, maxWaitMs: 5000 });
		expect(policyFromOptions({ maxAttempts: 99 }).maxAttempts).toBe(10);
	});
});
