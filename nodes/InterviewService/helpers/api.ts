import type { IHttpRequestMethods } from 'n8n-workflow';
import type { z } from 'zod';

import { apiRequest } from '../transport/request';
import type { ApiRequestOptions, InterviewServiceContext } from '../transport/request';

/** `apiRequest` with the schema's type kept: TypeScript drops type parameters through `.call`. */
export async function callApi<T extends z.ZodTypeAny>(
	context: InterviewServiceContext,
	method: IHttpRequestMethods,
	endpoint: string,
	dataSchema: T,
	options?: ApiRequestOptions,
): Promise<z.infer<T>> {
	return (await apiRequest.call(context, method, endpoint, dataSchema, options)) as z.infer<T>;
}
