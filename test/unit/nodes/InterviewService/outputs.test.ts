import type { IExecuteFunctions } from 'n8n-workflow';

import { InterviewService } from '../../../../nodes/InterviewService/InterviewService.node';
import { outputCount } from '../../../../nodes/InterviewService/actions/candidate/invite';

/** The node's `outputs` expression, run as JavaScript (as n8n's expression engine runs it). */
function outputsOf(version: number, parameter: Record<string, unknown>): unknown[] {
	const outputs = String(new InterviewService().description.outputs);
	const body = outputs.replace(/^=\{\{/, '').replace(/\}\}$/, '');
	return (new Function('$nodeVersion', '$parameter', `return ${body};`) as (v: number, p: Record<string, unknown>) => unknown[])(version, parameter);
}

/** What Invite's outputCount works out for the same node. */
function countOf(version: number, options: Record<string, unknown>): number {
	const context = {
		getNode: () => ({ typeVersion: version, parameters: { options } }),
		getInputData: () => [{ json: {} }],
		getNodeParameter: () => options,
	} as unknown as IExecuteFunctions;
	return outputCount.call(context);
}

describe("the node's outputs", () => {
	it.each([
		[1, {}],
		[1, { skipAlreadyInvited: true }],
		[2, {}],
		[2, { skipAlreadyInvited: false }],
		[2, { skipAlreadyInvited: true }],
	])('version %s, Invite with options %j: the expression and Invite agree on the number of outputs', (version, options) => {
		const parameter = { resource: 'candidate', operation: 'invite', options };
		expect(outputsOf(version, parameter)).toHaveLength(countOf(version, options));
	});

	it('names the two outputs of version 2 with the option on, Invited and Skipped', () => {
		const outputs = outputsOf(2, { resource: 'candidate', operation: 'invite', options: { skipAlreadyInvited: true } });
		expect(outputs.map((output) => (output as { displayName: string }).displayName)).toEqual(['Invited', 'Skipped']);
	});

	it('has one output for every other operation', () => {
		expect(outputsOf(2, { resource: 'candidate', operation: 'cancelScheduled', options: { skipAlreadyInvited: true } })).toHaveLength(1);
		expect(outputsOf(2, { resource: 'interview', operation: 'get', options: {} })).toHaveLength(1);
	});
});
