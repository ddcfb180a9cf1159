import type { INode } from 'n8n-workflow';

/** The node a unit test's errors are raised on; only its name and type show up anywhere. */
export function fakeNode(nodeName = 'interviewService', displayName = 'Interview Service'): INode {
	return {
		id: 'node-1',
		name: displayName,
		type: `n8n-nodes-interview-service.${nodeName}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
}
