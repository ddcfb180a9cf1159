import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { interviewLocator } from '../shared/interviewLocator';
import { CHEAT_PROBABILITY_MARKED_EVENT, COMPLETED_EVENT, EVENT_KINDS } from './event';

/** While listening, n8n only says "Go to Interview Service and create an event", so how to do that stands beside the parameters. */
export const TEST_EVENT_HINT =
	'To test: click Execute step, then, while n8n is listening for a test event, let a candidate finish this interview. In the demo (npm start), open a candidate\'s link from Invite, or the interview\'s own link (Interview Link in the output of Get Interview), in your browser and click Finish on the candidate\'s page.';

export const ANY_EVENT = '*';

/** One per kind the node reads (event.ts), and `ANY_EVENT`; their names label the kinds. */
export const EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Any Event', value: ANY_EVENT, description: 'Every event the service reports for this interview' },
	{ name: 'Cheat Probability Marked', value: CHEAT_PROBABILITY_MARKED_EVENT, description: 'The service rated how likely it is that a candidate cheated' },
	{ name: 'Interview Completed', value: COMPLETED_EVENT, description: 'A candidate finished the interview' },
];

const sentenceLabel = (value: string) => String(EVENT_OPTIONS.find((option) => option.value === value)?.name ?? value).toLowerCase();

/** The chosen kinds' names in sentence case ("Interview completed, cheat probability marked"), or "Any event"; the default kind's for none. */
export const TRIGGER_SUBTITLE = `={{ ((text) => text.charAt(0).toUpperCase() + text.slice(1))($parameter["events"].includes(${JSON.stringify(ANY_EVENT)}) ? ${JSON.stringify(sentenceLabel(ANY_EVENT))} : ${JSON.stringify(EVENT_KINDS.map((kind) => [kind, sentenceLabel(kind)]))}.filter((kind) => $parameter["events"].includes(kind[0])).map((kind) => kind[1]).join(", ") || ${JSON.stringify(sentenceLabel(COMPLETED_EVENT))}) }}`;

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'An interview sends its events to one workflow at a time: the one published last, or this one while it listens for a test event (a published workflow on the same interview gets them again afterwards). For several workflows on one interview, use the Interview Service Results Trigger.',
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{ displayName: TEST_EVENT_HINT, name: 'testEventNotice', type: 'notice', default: '' },
	{ ...interviewLocator, description: 'The interview whose events start the workflow' },
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: [COMPLETED_EVENT],
		options: EVENT_OPTIONS,
		description:
			'Which events start the workflow; others are ignored. An event the node cannot read still starts it, marked "malformed", so that none goes missing unseen.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		// Each switch is on when added: adding one means wanting it.
		options: [
			{
				displayName: 'Answer When Workflow Ends',
				name: 'answerWhenFinished',
				type: 'boolean',
				default: true,
				description:
					'Whether the Interview Service gets its answer only when the whole workflow has run, instead of as soon as n8n has the event. If the workflow fails, or n8n stops while it runs, the service gets an error (or no answer) and delivers the event again, so each completion is handled until one run succeeds. A slow workflow keeps the service waiting: if it takes longer than the service waits for an answer, the service counts the delivery as failed and sends it again, and that copy starts nothing while the first run goes on. On n8n 1.x, add it: answering at once, n8n 1.x answers before it has saved the run, so an event is lost if n8n stops in that moment and the service does not send it again.',
			},
			{
				displayName: 'Include Result',
				name: 'includeResult',
				type: 'boolean',
				default: true,
				description: 'Whether to also fetch the candidate\'s scores and report link and add them to the event',
			},
			{
				displayName: 'Verify Secret',
				name: 'verifySecret',
				type: 'boolean',
				default: true,
				description:
					'Whether to turn away calls that lack the secret n8n adds to the interview\'s webhook address, so that nobody else can start this workflow. Turn off only to look into a problem.',
			},
		],
	},
];
