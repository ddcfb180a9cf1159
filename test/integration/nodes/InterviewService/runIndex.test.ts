/**
 * The router reads the run index from n8n-core's own execute context (no interface names it) instead of building n8n's
 * whole data proxy for it: the two must agree, in the real ExecuteContext. n8n 1.123.81's ExecuteContext sets the same
 * field (`NodeExecutionContext.runIndex`); the e2e suites run Invite there.
 */
import { ExecuteContext } from 'n8n-core';
import type { INode } from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import { InterviewServiceApi } from '../../../../credentials/InterviewServiceApi.credentials';
import { runIndexOf } from '../../../../nodes/InterviewService/actions/router';
import { InterviewService } from '../../../../nodes/InterviewService/InterviewService.node';
import { PACKAGE_NAME, TestCredentialsHelper, createAdditionalData } from '../../../helpers/n8nCore';

describe("runIndexOf in n8n-core's ExecuteContext", () => {
	const node: INode = { id: 'n1', name: 'Interview Service', type: `${PACKAGE_NAME}.interviewService`, typeVersion: 1, position: [0, 0], parameters: {} };
	const nodeTypes = { getByName: () => new InterviewService(), getByNameAndVersion: () => new InterviewService(), getKnownTypes: () => ({}) };
	const workflow = new Workflow({ id: 'w1', nodes: [node], connections: {}, active: false, nodeTypes: nodeTypes as never });
	const additionalData = createAdditionalData(new TestCredentialsHelper(new InterviewServiceApi(), { accessToken: '' }));

	it.each([0, 1, 3])('gives run %i, as the data proxy does', (runIndex) => {
		const items = [{ json: {} }];
		const inputData = { main: [items] };
		const context = new ExecuteContext(workflow, node, additionalData, 'manual', createRunExecutionData(), runIndex, items, inputData, { node, data: inputData, source: null }, []);
		// The field itself, so that a rename in n8n-core fails here rather than quietly costing the data proxy again.
		expect((context as unknown as { runIndex: unknown }).runIndex).toBe(runIndex);
		expect(runIndexOf(context)).toBe(runIndex);
		expect(context.getWorkflowDataProxy(0).$runIndex).toBe(runIndex);
	});
});
