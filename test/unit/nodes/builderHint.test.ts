import type { INodeTypeDescription } from 'n8n-workflow';

import { InterviewService } from '../../../nodes/InterviewService/InterviewService.node';
import { InterviewServiceResultsTrigger } from '../../../nodes/InterviewServiceResultsTrigger/InterviewServiceResultsTrigger.node';
import { InterviewServiceTrigger } from '../../../nodes/InterviewServiceTrigger/InterviewServiceTrigger.node';

const NODES: INodeTypeDescription[] = [new InterviewService().description, new InterviewServiceTrigger().description, new InterviewServiceResultsTrigger().description];

describe.each(NODES.map((description) => [description.displayName, description] as const))('%s: what n8n\'s AI workflow builder reads', (_name, description) => {
	it('a search hint in a user\'s words: hiring or recruiting, candidates, interviews', () => {
		const hint = description.builderHint?.searchHint ?? '';
		expect({ hint, words: [/hiring|recruiting/i, /candidate/i, /interview/i].map((word) => word.test(hint)) }).toEqual({ hint, words: [true, true, true] });
	});

	it('the nodes it is used with, each with why', () => {
		const related = description.builderHint?.relatedNodes ?? [];
		expect(related.map((node) => node.nodeType).sort()).toEqual([
			'n8n-nodes-base.googleSheets',
			'n8n-nodes-base.httpRequest',
			'n8n-nodes-base.scheduleTrigger',
			'n8n-nodes-base.webhook',
		]);
		for (const node of related) expect({ node: node.nodeType, hinted: node.relationHint.length > 20 }).toEqual({ node: node.nodeType, hinted: true });
	});
});
