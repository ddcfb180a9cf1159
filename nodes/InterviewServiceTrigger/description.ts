import type { INodeProperties } from 'n8n-workflow';

import { interviewLocator } from '../shared/interviewLocator';
import { ANY_EVENT, CHEAT_PROBABILITY_MARKED_EVENT, COMPLETED_EVENT } from './eventKind';

/** The version a trigger added in the editor gets (see the node's `version`). */
export const TRIGGER_DEFAULT_VERSION = 2;

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'An interview has one webhook slot. Listening for a test event puts the test URL there and takes it from an active workflow until the test ends; two workflows on the same interview replace each other. Use the Interview Service Results Trigger when several workflows need the same interview.',
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		...interviewLocator,
		description: 'The interview whose events start the workflow',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: [COMPLETED_EVENT],
		options: [
			{
				name: 'Any Event',
				value: ANY_EVENT,
				description: 'Every event the service sends to the interview\'s webhook URL',
			},
			{
				name: 'Cheat Probability Marked',
				value: CHEAT_PROBABILITY_MARKED_EVENT,
				description:
					'The service marked how likely a candidate cheated (event type "cheatProbabilityMarked", in any naming style)',
			},
			{
				name: 'Interview Completed',
				value: COMPLETED_EVENT,
				description:
					'A candidate finished the interview (event type "candidateInterviewCompleted", "interview.completed" or any name whose last word is "completed")',
			},
		],
		description:
			'Which events start the workflow. Others are answered 200 with a message naming them, and start nothing. An event whose type cannot be read always starts the workflow, flagged "malformed".',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Result',
				name: 'includeResult',
				type: 'boolean',
				default: false,
				description:
					'Whether to fetch the candidate\'s result (matched by e-mail) and add it as "result" (simplified) and "resultRaw"',
			},
			{
				displayName: 'Verify Secret',
				name: 'verifySecret',
				type: 'boolean',
				default: true,
				description:
					'Whether to refuse (401) calls without the secret that was added to the webhook URL at activation. Turn off only to debug.',
			},
		],
	},
];
