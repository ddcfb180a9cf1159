import type { IExecuteFunctions } from 'n8n-workflow';

import { InterviewService } from '../../../../nodes/InterviewService/InterviewService.node';
import { outputCount } from '../../../../nodes/InterviewService/actions/candidate/invite';

/** The node's `outputs` expression, run as JavaScript (as n8n's expression engine runs it). */
function outputsOf(parameter: Record<string, unknown>): unknown[] {
	const outputs = String(new InterviewService().description.outputs);
	const body = outputs.replace(/^=\{\{/, '').replace(/\}\}$/, '');
	return (new Function('$parameter', `return ${body};`) as (p: Record<string, unknown>) => unknown[])(parameter);
}

/** What Invite's outputCount works out for the same node. */
function countOf(options: Record<string, unknown>): number {
	const context = {
		getNode: () => ({ parameters: { options } }),
		getInputData: () => [{ json: {} }],
		getNodeParameter: () => options,
	} as unknown as IExecuteFunctions;
	return outputCount.call(context);
}

describe("the node's outputs", () => {
	it.each([[{}], [{ skipAlreadyInvited: false }], [{ skipAlreadyInvited: true }]])('Invite with options %j: the expression and Invite agree on the number of outputs', (options) => {
		const parameter = { resource: 'candidate', operation: 'invite', options };
		expect(outputsOf(parameter)).toHaveLength(countOf(options));
	});

	it('names the two outputs with the option on, Invited and Skipped', () => {
		const outputs = outputsOf({ resource: 'candidate', operation: 'invite', options: { skipAlreadyInvited: true } });
		expect(outputs.map((output) => (output as { displayName: string }).displayName)).toEqual(['Invited', 'Skipped']);
	});

	it('has one output for every other operation', () => {
		expect(outputsOf({ resource: 'candidate', operation: 'cancelScheduled', options: { skipAlreadyInvited: true } })).toHaveLength(1);
		expect(outputsOf({ resource: 'interview', operation: 'get', options: {} })).toHaveLength(1);
	});
});
