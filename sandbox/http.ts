/** The API's envelopes and the error that routes throw to answer with the error envelope. */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

import { MESSAGES } from './assumptions';

export interface ValidationIssue {
	path: string;
	message: string;
}

export class ApiError extends Error {
	constructor(
		readonly statusCode: number,
		message: string,
		readonly details: unknown = null,
	) {
		super(message);
	}
}

export function errorEnvelope(message: string, error: unknown = null) {
	return { message, success: false, error };
}

export function sendData(reply: FastifyReply, statusCode: number, message: string, data: unknown) {
	return reply.code(statusCode).send({ message, success: true, data });
}

export function toValidationIssues(error: z.ZodError, prefix: string[] = []): ValidationIssue[] {
	return error.issues.map((issue) => ({
		path: [...prefix, ...issue.path].join('.'),
		message: issue.message,
	}));
}

/** Parses `input` with `schema`, or throws the 422 every invalid input gets. */
export function validate<T extends z.ZodTypeAny>(schema: T, input: unknown): z.infer<T> {
	const parsed = schema.safeParse(input ?? {});
	if (!parsed.success) throw new ApiError(422, MESSAGES.validation, toValidationIssues(parsed.error));
	return parsed.data;
}

export function interviewNotFound(interviewId: string): ApiError {
	return new ApiError(404, MESSAGES.interviewNotFound, { code: 'INTERVIEW_NOT_FOUND', interviewId });
}
