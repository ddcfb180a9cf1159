import { NodeHelpers } from 'n8n-workflow';
import type { INode, INodeParameters, INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { router } from '../../../../../nodes/InterviewService/actions/router';
import { InterviewService } from '../../../../../nodes/InterviewService/InterviewService.node';
import { runsAsTool } from '../../../../../nodes/InterviewService/helpers/toolUse';
import { fakeNode } from '../../../../helpers/fakeNode';
import { byId, mockContext } from '../mockContext';

const { description } = new InterviewService();
/** The node as n8n offers it to an AI agent: the same description under the type name n8n gives the tool. */
const asTool: INodeTypeDescription = { ...description, name: `${description.name}Tool` };
const nodeOf = (type: INodeTypeDescription): INode => ({ ...fakeNode(), type: `n8n-nodes-interview-service.${type.name}` });

/** The resources n8n's editor offers, by n8n-workflow's own display rules (`@tool` among them). */
function offeredResources(type: INodeTypeDescription): string[] {
	const resource = type.properties.find((property) => property.name === 'resource') as INodeProperties;
	const node = nodeOf(type);
	return (resource.options as INodePropertyOptions[])
		.filter((option) => NodeHelpers.displayParameter(node.parameters, option as unknown as INodeProperties, node, type))
		.map((option) => String(option.value));
}

/** The parameters n8n keeps for a node saved with these values, defaults included: a hidden one is dropped. */
function keptParameters(type: INodeTypeDescription, values: INodeParameters): INodeParameters {
	return NodeHelpers.getNodeParameters(type.properties, values, true, false, nodeOf(type), type) ?? {};
}

describe('the node as an AI agent\'s tool', () => {
	it('n8n tells the tool by its type name', () => {
		expect(runsAsTool(nodeOf(asTool))).toBe(true);
		expect(runsAsTool(nodeOf(description))).toBe(false);
	});

	it('offers every resource but Access to the tool; the node itself offers all four', () => {
		expect(offeredResources(description)).toEqual(['access', 'candidate', 'interview', 'result']);
		expect(offeredResources(asTool)).toEqual(['candidate', 'interview', 'result']);
	});

	it('a tool saved with Access → Create Token keeps no operation, so none of its fields is shown; the node keeps them', () => {
		const saved = { resource: 'access', operation: 'createToken', options: { expiresIn: 60 } };
		expect(keptParameters(description, saved)).toMatchObject({ resource: 'access', operation: 'createToken', options: { expiresIn: 60 } });
		const kept = keptParameters(asTool, saved);
		expect({ operation: kept.operation, options: kept.options }).toEqual({ operation: undefined, options: undefined });
	});

	it.each(['createToken', 'createLink'])('refuses to run Access → %s as a tool, before any request', async (operation) => {
		const { context, requests } = mockContext({ parameters: { resource: 'access', operation, options: {} } });
		const tool = { ...context, getNode: () => nodeOf(asTool) } as typeof context;
		await expect(router.call(tool)).rejects.toThrow('Access is not available to the Interview Service node as a tool');
		expect(requests).toEqual([]);
	});

	it('runs Access as a node, and the other resources as a tool', async () => {
		const token = { accessToken: 'node-token', tokenType: 'Bearer', expiresIn: 3600 };
		const asNode = mockContext({ parameters: { resource: 'access', operation: 'createToken', options: {} }, respond: () => token });
		expect((await router.call(asNode.context))[0].map((item) => item.json)).toEqual([expect.objectContaining({ accessToken: 'node-token' })]);

		const interview = { interviewId: '6650a1b2c3d4e5f601234501', interviewName: 'Backend' };
		const get = mockContext({ parameters: { resource: 'interview', operation: 'get', interviewId: byId(interview.interviewId), simplify: false }, respond: () => interview });
		const tool = { ...get.context, getNode: () => nodeOf(asTool) } as typeof get.context;
		expect((await router.call(tool))[0].map((item) => item.json)).toEqual([interview]);
	});
});
