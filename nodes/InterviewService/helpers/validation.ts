import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { z } from 'zod';

import { isPlainObject } from '../../shared/plainObjects';

/** Display name of a request field, by its path in the request body (e.g. `interviewConfig.webhookUrl`). */
export type FieldLabels = Record<string, string>;

function labelOf(path: Array<string | number>, labels: FieldLabels): string {
	const exact = labels[path.join('.')];
	if (exact) return exact;
	const withoutIndexes = path.filter((part) => typeof part === 'string').join('.');
	return labels[withoutIndexes] ?? (path.join('.') || 'Input');
}

export function invalidInput(node: INode, field: string, problem: string, itemIndex: number): NodeOperationError {
	return new NodeOperationError(node, `${field} ${problem} (item ${itemIndex})`, {
		itemIndex,
		description: `Fix "${field}" in item ${itemIndex}; this item was not sent to the Interview Service.`,
	});
}

/**
 * Checks a request body against its zod schema before it is sent. The error names the field as
 * the user sees it in the node and the index of the item that holds it.
 */
export function validateRequest<T extends z.ZodTypeAny>(
	context: IExecuteFunctions,
	schema: T,
	value: unknown,
	itemIndex: number,
	labels: FieldLabels,
): z.infer<T> {
	const parsed = schema.safeParse(value);
	if (parsed.success) return parsed.data;
	const [first, ...others] = parsed.error.issues;
	const error = invalidInput(context.getNode(), labelOf(first.path, labels), first.message, itemIndex);
	if (others.length > 0) {
		error.description = [first, ...others]
			.map((issue) => `${labelOf(issue.path, labels)}: ${issue.message}`)
			.join('; ');
	}
	throw error;
}

/**
 * A metadata parameter as a JSON object: n8n hands over a string typed in the editor or an
 * object from an expression. Empty means "not set"; arrays, scalars and invalid JSON are refused.
 */
export function parseJsonObject(
	context: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): Record<string, unknown> | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	let parsed = value;
	if (typeof value === 'string') {
		if (value.trim() === '') return undefined;
		try {
			parsed = JSON.parse(value);
		} catch {
			throw invalidInput(context.getNode(), field, 'must be valid JSON', itemIndex);
		}
	}
	if (!isPlainObject(parsed)) {
		throw invalidInput(context.getNode(), field, 'must be a JSON object, e.g. {"team": "backend"}', itemIndex);
	}
	return parsed;
}
