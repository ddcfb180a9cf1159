import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as access from './access';
import * as candidate from './candidate';
import * as interview from './interview';
import * as result from './result';

type OperationExecute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

/** resource → operation → execute; the values are the node's public API. */
export const operations: Record<string, Record<string, OperationExecute>> = {
	interview: {
		create: interview.create.execute,
		get: interview.get.execute,
		getMany: interview.getMany.execute,
		update: interview.update.execute,
		updateSettings: interview.updateSettings.execute,
	},
	candidate: {
		invite: candidate.invite.execute,
		cancelScheduled: candidate.cancelScheduled.execute,
	},
	result: {
		getMany: result.getMany.execute,
	},
	access: {
		createToken: access.createToken.execute,
		createLink: access.createLink.execute,
	},
};

/**
 * Hands all input items to one operation at once: operations validate every item before any
 * request, and Invite batches items together.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const execute = operations[resource]?.[operation];
	if (!execute) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	return [await execute.call(this)];
}
