import type { INodeProperties } from 'n8n-workflow';

import { InterviewServiceResultsTrigger } from '../../../../nodes/InterviewServiceResultsTrigger/InterviewServiceResultsTrigger.node';
import { InterviewServiceTrigger } from '../../../../nodes/InterviewServiceTrigger/InterviewServiceTrigger.node';
import { EVENT_KINDS } from '../../../../nodes/InterviewServiceTrigger/event';

const property = (properties: INodeProperties[], name: string) => properties.find((item) => item.name === name);

describe('Interview Service Trigger description', () => {
	const node = new InterviewServiceTrigger();
	const { description } = node;

	it('is a webhook trigger with the complete lifecycle, not usable as a tool', () => {
		expect(description).toMatchObject({ name: 'interviewServiceTrigger', displayName: 'Interview Service Trigger', group: ['trigger'], inputs: [] });
		expect(description.usableAsTool).toBeUndefined();
		// Version 3 gives the item one shape; 1 and 2 keep theirs for the workflows built on them. Version 4 switches options on when added.
		expect(description).toMatchObject({ version: [1, 2, 3, 4], defaultVersion: 4 });
		// One webhook per way of answering, each with a fixed responseMode: an expression there would cost n8n an expression run per call.
		expect(description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: 'webhook' },
			{ name: 'setup', httpMethod: 'POST', responseMode: 'lastNode', responseData: '', path: 'webhook-when-finished', ndvHideUrl: true },
		]);
		for (const webhook of description.webhooks!) {
			for (const value of Object.values(webhook)) expect(String(value).startsWith('=')).toBe(false);
		}
		// n8n runs the lifecycle of the first only; it registers whichever URL the options pick.
		expect(Object.keys(node.webhookMethods)).toEqual(['default']);
		expect(Object.keys(node.webhookMethods.default).sort()).toEqual(['checkExists', 'create', 'delete']);
		expect(node.methods.listSearch.searchInterviews).toEqual(expect.any(Function));
	});

	it('has the public parameters: notice, testEventNotice, n8nOneAnswerNotice, interviewId, events (*, cheatProbabilityMarked, completed), options', () => {
		expect(description.properties.map((item) => item.name)).toEqual(['notice', 'testEventNotice', 'n8nOneAnswerNotice', 'interviewId', 'events', 'options', 'options']);
		expect(property(description.properties, 'events')).toMatchObject({ type: 'multiOptions', default: ['completed'] });
		expect(property(description.properties, 'events')!.options!.map((option) => 'value' in option && option.value)).toEqual(['*', 'cheatProbabilityMarked', 'completed']);
	});

	it('options come on when added from version 4; versions 1 to 3 keep them off, so a saved workflow does what it did', () => {
		const collections = description.properties.filter((item) => item.name === 'options');
		const forVersion = (version: number) => collections.filter((item) => (item.displayOptions?.show?.['@version'] as number[]).includes(version));
		for (const [version, switchedOn] of [[1, false], [2, false], [3, false], [4, true]] as const) {
			const [collection, ...others] = forVersion(version);
			expect(others).toEqual([]);
			const options = collection.options as INodeProperties[];
			expect(property(options, 'includeResult')).toMatchObject({ type: 'boolean', default: switchedOn });
			expect(property(options, 'answerWhenFinished')).toMatchObject({ type: 'boolean', default: switchedOn });
			// Turning it off is its purpose: on by default in every version.
			expect(property(options, 'verifySecret')).toMatchObject({ type: 'boolean', default: true });
			// Short enough for the panel (the longer "Answer Once the Workflow Has Finished" was cut).
			for (const option of options) expect(option.displayName.length).toBeLessThanOrEqual(26);
		}
	});
});

describe('the Events the trigger offers, and its canvas subtitle', () => {
	const { description } = new InterviewServiceTrigger();
	const events = property(description.properties, 'events')!.options as Array<{ name: string; value: string }>;

	/** The subtitle expression's body, run as JavaScript (as n8n's expression engine runs it) for a choice of Events. */
	function subtitleFor(chosen: string[]): unknown {
		const body = String(description.subtitle).replace(/^=\{\{/, '').replace(/\}\}$/, '');
		return (new Function('$parameter', `return ${body};`) as (parameter: Record<string, string[]>) => unknown)({ events: chosen });
	}

	it('has one option per kind the node reads, and Any Event', () => {
		expect(events.map((option) => option.value).sort()).toEqual(['*', ...EVENT_KINDS].sort());
	});

	it('names the chosen kinds in the kinds\' order, in sentence case', () => {
		expect(subtitleFor(['completed'])).toBe('Interview completed');
		expect(subtitleFor(['cheatProbabilityMarked'])).toBe('Cheat probability marked');
		expect(subtitleFor(['cheatProbabilityMarked', 'completed'])).toBe('Interview completed, cheat probability marked');
		expect(subtitleFor(['completed', '*'])).toBe('Any event');
		expect(subtitleFor([])).toBe('Interview completed');
	});
});

describe('Interview Service Results Trigger description', () => {
	const { description } = new InterviewServiceResultsTrigger();

	it('is a polling trigger, not usable as a tool', () => {
		expect(description).toMatchObject({
			name: 'interviewServiceResultsTrigger',
			displayName: 'Interview Service Results Trigger',
			group: ['trigger'],
			polling: true,
			inputs: [],
		});
		expect(description.usableAsTool).toBeUndefined();
		expect(description.webhooks).toBeUndefined();
	});

	it('has the public parameters: watch (interview, allPublished), interviewId, simplify', () => {
		expect(description.properties.map((item) => item.name)).toEqual(['watch', 'interviewId', 'simplify']);
		expect(property(description.properties, 'watch')).toMatchObject({ default: 'interview' });
		expect(property(description.properties, 'interviewId')!.displayOptions).toEqual({ show: { watch: ['interview'] } });
		expect(property(description.properties, 'simplify')).toMatchObject({ type: 'boolean', default: true });
	});
});

describe('what the trigger says about n8n 1.x', () => {
	it('a notice names the line where answering at once can lose an event, and the option that makes it safe', () => {
		const description = new InterviewServiceTrigger().description;
		const notice = property(description.properties, 'n8nOneAnswerNotice');
		expect(notice).toMatchObject({ type: 'notice' });
		expect(notice!.displayName).toContain('n8n 1.x');
		const options = property(description.properties, 'options')!.options as INodeProperties[];
		const option = options.find((candidate) => candidate.name === 'answerWhenFinished')!;
		expect(notice!.displayName).toContain(option.displayName);
	});
});
