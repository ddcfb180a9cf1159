/**
 * The interview picker as n8n's editor calls it: the node type's `listSearch.searchInterviews`
 * run in n8n-core's LoadOptionsContext, one call per "load more", until no pagination token is left.
 */
import { LoadOptionsContext } from 'n8n-core';
import type { ILoadOptionsFunctions, INode, INodeListSearchResult, INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { CREDENTIAL_TYPE, createAdditionalData, createCredentialsHelper, fullType, loadPackage, nodeTypesOf } from './n8nCore';
import type { TestCredentials } from './n8nCore';

/** At most this many "load more" calls, so a picker that never ends fails the test instead of hanging it. */
const MAX_CALLS = 50;

export async function searchInterviewsThroughN8n(credentials: TestCredentials, filter?: string): Promise<string[]> {
	const loader = await loadPackage();
	const nodeTypes = nodeTypesOf(loader);
	const type = fullType('interviewService');
	const node: INode = {
		id: 'picker',
		name: 'Interview Service',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource: 'interview', operation: 'get' },
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Interview Service account' } },
	};
	const workflow = new Workflow({ id: 'picker-workflow', nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = createAdditionalData(await createCredentialsHelper(credentials));
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters.interviewId') as unknown as ILoadOptionsFunctions;
	const search = (nodeTypes.getByName(type) as INodeType).methods!.listSearch!.searchInterviews;

	const shown: string[] = [];
	let token: string | undefined;
	for (let call = 0; call < MAX_CALLS; call++) {
		const answer: INodeListSearchResult = await search.call(context, filter, token);
		shown.push(...answer.results.map((result) => String(result.value)));
		token = answer.paginationToken === undefined ? undefined : String(answer.paginationToken);
		if (token === undefined) return shown;
	}
	throw new Error(`the picker was still offering more after ${MAX_CALLS} calls`);
}
