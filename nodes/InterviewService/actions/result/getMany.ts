import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CandidateResult } from '../../../shared/contract';
import { emailKey } from '../../../shared/email';
import { interviewLocator } from '../../../shared/interviewLocator';
import { withoutUndefined } from '../../../shared/plainObjects';
import { simplifyResult } from '../../../shared/results';
import { isResultsNotReady } from '../../../shared/transport/errors';
import { listResults } from '../../../shared/transport/lists';
import { limitOf, requiredInterviewId } from '../../helpers/parameterValues';
import { invalidInput } from '../../helpers/validation';
import { returnAllOrLimit, showFor } from '../common.descriptions';
import { asNodeError } from '../operationContract';

const displayOptions = showFor('result', 'getMany');

const WHEN_NOT_READY = ['returnStatus', 'returnNothing', 'error'] as const;
type WhenNotReady = (typeof WHEN_NOT_READY)[number];

export const description: INodeProperties[] = [
	{ ...interviewLocator, displayOptions },
	...returnAllOrLimit(displayOptions),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Candidate Email',
				name: 'candidateEmail',
				type: 'string',
				default: '',
				placeholder: 'name@email.com',
				description: 'Only the result of the candidate with exactly this e-mail (case does not matter)',
			},
		],
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			'Whether to return one flat item per candidate (name, email, interviewScore, communicationScore, codingScore, reportLink, metaData) instead of the raw result',
		displayOptions,
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'When Results Are Not Ready',
				name: 'whenNotReady',
				type: 'options',
				options: [
					{
						name: 'Output a Status Item',
						value: 'returnStatus',
						description: 'One item { interviewId, resultsReady: false, message } to branch on',
					},
					{
						name: 'Output Nothing',
						value: 'returnNothing',
						description: 'No items, as for an interview without candidates',
					},
					{
						name: 'Stop With an Error',
						value: 'error',
						description: 'Fail the item with the service\'s message',
					},
				],
				default: 'returnStatus',
				description:
					'What to do when candidates are scheduled but none has completed yet (the service answers 422 "Results are not ready yet")',
			},
		],
	},
];

interface ResultsQuery {
	interviewId: string;
	limit?: number;
	candidateEmail?: string;
	simplify: boolean;
	whenNotReady: WhenNotReady;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): ResultsQuery {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const whenNotReady = (options.whenNotReady ?? 'returnStatus') as WhenNotReady;
	if (!WHEN_NOT_READY.includes(whenNotReady)) {
		throw invalidInput(
			this.getNode(),
			'When Results Are Not Ready',
			`must be one of ${WHEN_NOT_READY.map((value) => `"${value}"`).join(', ')}`,
			itemIndex,
		);
	}
	const candidateEmail = String(filters.candidateEmail ?? '').trim();
	return withoutUndefined({
		interviewId: requiredInterviewId(this, itemIndex),
		limit: limitOf.call(this, itemIndex),
		candidateEmail: candidateEmail === '' ? undefined : candidateEmail,
		simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		whenNotReady,
	});
}

/** Results hold every candidate of the interview, so the e-mail filter must match exactly. */
function matchesEmail(result: CandidateResult, email: string | undefined): boolean {
	if (email === undefined) return true;
	return emailKey(result.candidate?.email) === emailKey(email);
}

/** The item a user can branch on when no candidate has completed yet. */
function notReadyStatus(interviewId: string, message: string): IDataObject {
	return { interviewId, resultsReady: false, message };
}

async function fetchResults(this: IExecuteFunctions, query: ResultsQuery, itemIndex: number): Promise<CandidateResult[]> {
	// The service's `search` is fuzzy; it only narrows the pages, the exact match is ours.
	const results = await listResults.call(this, query.interviewId, {
		search: query.candidateEmail,
		limit: query.candidateEmail === undefined ? query.limit : undefined,
		itemIndex,
	});
	const matching = results.filter((result) => matchesEmail(result, query.candidateEmail));
	return query.limit === undefined ? matching : matching.slice(0, query.limit);
}

export async function send(this: IExecuteFunctions, query: ResultsQuery, itemIndex: number): Promise<IDataObject | IDataObject[]> {
	try {
		const results = await fetchResults.call(this, query, itemIndex);
		return results.map((result) => (query.simplify ? simplifyResult(result) : result) as IDataObject);
	} catch (error) {
		if (!isResultsNotReady(error) || query.whenNotReady === 'error') throw asNodeError(this, error, itemIndex);
		if (query.whenNotReady === 'returnNothing') return [];
		return notReadyStatus(query.interviewId, (error as Error).message);
	}
}
