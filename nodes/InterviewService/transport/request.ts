import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { z } from 'zod';

import { CREDENTIAL_TYPE, credentialOptions, runCredential } from './credential';
import { toNodeApiError } from './errors';

export { CREDENTIAL_TYPE };

export type InterviewServiceContext =
	| IExecuteFunctions
	| IHookFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IWebhookFunctions;

export interface ApiRequestOptions {
	body?: IDataObject;
	qs?: IDataObject;
	/** Named in errors, so a failure is tied to the item that caused it. */
	itemIndex?: number;
}

export function normalizeBaseUrl(baseUrl: unknown): string {
	return String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/**
 * The one way this package talks to the Interview Service: authenticated through the
 * credential (token exchange, bearer header, refresh on 401), answers unwrapped from
 * the `{ message, success, data }` envelope and checked against `dataSchema`.
 */
export async function apiRequest<T extends z.ZodTypeAny>(
	this: InterviewServiceContext,
	method: IHttpRequestMethods,
	endpoint: string,
	dataSchema: T,
	options: ApiRequestOptions = {},
): Promise<z.infer<T>> {
	const credential = await runCredential(this);
	const request: IHttpRequestOptions = {
		method,
		url: `${normalizeBaseUrl(credential.data?.baseUrl)}${endpoint}`,
		json: true,
	};
	if (options.body !== undefined) request.body = options.body;
	if (options.qs !== undefined) request.qs = options.qs;

	let response: unknown;
	try {
		response = await this.helpers.httpRequestWithAuthentication.call(
			this,
			CREDENTIAL_TYPE,
			request,
			credentialOptions(credential),
		);
	} catch (error) {
		throw toNodeApiError(this.getNode(), error, options.itemIndex);
	}

	const data = (response as { data?: unknown } | null)?.data;
	const parsed = dataSchema.safeParse(data);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		const where = issue?.path.length ? `data.${issue.path.join('.')}` : 'data';
		throw new NodeApiError(
			this.getNode(),
			{ message: 'Unexpected response from the Interview Service' },
			{
				message: `Unexpected response from the Interview Service for ${method} ${endpoint}`,
				description: `${where}: ${issue?.message ?? 'does not match the API contract'}`,
				itemIndex: options.itemIndex,
			},
		);
	}
	return parsed.data;
}
