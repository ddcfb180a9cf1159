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
		// One version, and not 1, which n8n reads at a cost per call (docs/n8n-internals.md).
		expect(description.version).toBe(1.1);
		expect(description.defaultVersion).toBeUndefined();
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

	it('has the public parameters: notice, testEventNotice, interviewId, events (*, cheatProbabilityMarked, completed), options', () => {
		expect(description.properties.map((item) => item.name)).toEqual(['notice', 'testEventNotice', 'interviewId', 'events', 'options']);
		expect(property(description.properties, 'events')).toMatchObject({ type: 'multiOptions', default: ['completed'] });
		expect(property(description.properties, 'events')!.options!.map((option) => 'value' in option && option.value)).toEqual(['*', 'cheatProbabilityMarked', 'completed']);
	});

	it('switches every option on when added (adding one means wanting it)', () => {
		const options = property(description.properties, 'options')!.options as INodeProperties[];
		expect(options.map((option) => [option.name, option.type, option.default])).toEqual([
			['answerWhenFinished', 'boolean', true],
			['includeResult', 'boolean', true],
			['verifySecret', 'boolean', true],
		]);
		// Short enough for the panel (the longer "Answer Once the Workflow Has Finished" was cut).
		for (const option of options) expect(option.displayName.length).toBeLessThanOrEqual(26);
	});

	it('notices speak the editor\'s words: Publish, Execute step (the same button on n8n 1.123), never Activate', () => {
		const notices = description.properties.filter((item) => item.type === 'notice').map((item) => item.displayName).join(' ');
		expect(notices).toContain('the one published last');
		expect(notices).toContain('click Execute step');
		expect(notices).not.toMatch(/\bactiv/i);
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
	it('Answer When Workflow Ends, not a notice (which cannot know the line), names the line where answering at once can lose an event', () => {
		const description = new InterviewServiceTrigger().description;
		const options = property(description.properties, 'options')!.options as INodeProperties[];
		const option = options.find((candidate) => candidate.name === 'answerWhenFinished')!;
		expect(option.description).toContain('On n8n 1.x, add it');
	});
});
