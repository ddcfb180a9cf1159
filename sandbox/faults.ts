/**
 * Fault injection per route: an error envelope with any status (200 too, i.e. `success: false` in
 * a success answer) and an optional message and Retry-After, a delay, a malformed body or a
 * dropped connection, fired `count` times and/or with probability `rate`.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { errorEnvelope } from './http';

export interface FaultSpec {
	/** `METHOD /pattern` as the request log shows it, e.g. `GET /api/v1/interview/:id/results`, or `*` for every API route. */
	route: string;
	status?: number;
	/** The error envelope's `message` for `status` (default: the status's reason phrase). With status 200 this is a `success: false` answer with a success status. */
	message?: string;
	/** Seconds (or an HTTP date) for the Retry-After header. */
	retryAfter?: number | string;
	delayMs?: number;
	/** Answer with a body that is not valid JSON. */
	malformed?: boolean;
	/** Destroy the connection without an answer. */
	drop?: boolean;
	/**
	 * Carry the request out first, then answer with the fault's status (or drop the connection)
	 * instead of the real answer: a write whose answer was lost.
	 */
	afterApply?: boolean;
	/** Only requests whose path contains this, e.g. one interview's id. */
	pathIncludes?: string;
	/** Let this many matching requests through first (e.g. 1: the fault hits the 2nd request). */
	skip?: number;
	/** Fire this many times, then disappear. Unlimited when absent. */
	count?: number;
	/** Probability (0..1) that a matching request fires it. Always when absent. */
	rate?: number;
}

export interface Fault extends FaultSpec {
	id: string;
	fired: number;
	skipped: number;
}

export const ANY_ROUTE = '*';

/** A truncated success envelope: the start of a plausible answer, cut in the middle. */
export const MALFORMED_BODY = '{"message":"OK","success":true,"data":{"interviewId":"';

export class FaultTable {
	private faults: Fault[] = [];

	add(spec: FaultSpec): Fault {
		const fault: Fault = { ...spec, id: `flt_${randomUUID()}`, fired: 0, skipped: 0 };
		this.faults.push(fault);
		return fault;
	}

	list(): Fault[] {
		return [...this.faults];
	}

	remove(id: string): boolean {
		const before = this.faults.length;
		this.faults = this.faults.filter((fault) => fault.id !== id);
		return this.faults.length < before;
	}

	clear() {
		this.faults = [];
	}

	/** The first fault that fires for `route` (and `path`), counted; undefined when none does. */
	take(route: string, path = ''): Fault | undefined {
		const fault = this.faults.find(
			(candidate) =>
				(candidate.route === ANY_ROUTE || candidate.route === route) &&
				(candidate.pathIncludes === undefined || path.includes(candidate.pathIncludes)) &&
				(candidate.rate === undefined || Math.random() < candidate.rate),
		);
		if (!fault) return undefined;
		if (fault.skipped < (fault.skip ?? 0)) {
			fault.skipped++;
			return undefined;
		}
		fault.fired++;
		if (fault.count !== undefined && fault.fired >= fault.count) this.remove(fault.id);
		return fault;
	}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies `fault` to a request. Returns 'answered' when the fault answered (or dropped) it, and
 * 'continue' when only a delay was asked for and the request goes on as usual.
 */
export async function applyFault(
	fault: Fault,
	request: FastifyRequest,
	reply: FastifyReply,
): Promise<'answered' | 'dropped' | 'continue'> {
	if (fault.delayMs) await sleep(fault.delayMs);

	if (fault.drop) {
		reply.hijack();
		request.raw.socket.destroy();
		return 'dropped';
	}
	if (fault.retryAfter !== undefined) reply.header('retry-after', String(fault.retryAfter));
	if (fault.malformed) {
		reply.code(fault.status ?? 200).type('application/json').send(MALFORMED_BODY);
		return 'answered';
	}
	if (fault.status !== undefined) {
		const message = fault.message ?? STATUS_CODES[fault.status] ?? 'Simulated fault';
		reply.code(fault.status).send(errorEnvelope(message, { code: 'SANDBOX_FAULT', faultId: fault.id }));
		return 'answered';
	}
	return 'continue';
}
