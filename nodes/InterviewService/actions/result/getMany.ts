import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CandidateResult } from '../../../shared/contract/result';
import { emailKey } from '../../../shared/email';
import { withoutUndefined } from '../../../shared/plainObjects';
import { completedAtOf, isCompleted, simplifyResult } from '../../../shared/results';
import { isResultsNotReady } from '../../../shared/dialects';
import { listResults } from '../../../shared/transport/lists';
import { invalidInput, limitOf, requiredInterviewId } from '../../helpers/parameters';
import { interviewPicker, returnAllOrLimit, showFor, withSwitchesOn } from '../common.descriptions';
import { asNodeError } from '../../helpers/operationContract';
import type { NodeRun } from '../../helpers/operationContract';

const displayOptions = showFor('result', 'getMany');

const WHEN_NOT_READY = ['returnStatus', 'returnNothing', 'error'] as const;
type WhenNotReady = (typeof WHEN_NOT_READY)[number];

const whenNotReadyChoices = [
	{ name: 'Output Nothing', value: 'returnNothing', description: 'No items, as for an interview without candidates: an export gets no row for it' },
	{
		name: 'Output a Status Item',
		value: 'returnStatus',
		description: 'One item saying the results are not ready (resultsReady is false), to branch on; it holds no candidate',
	},
	{ name: 'Stop With an Error', value: 'error', description: "Fail the item with the service's message" },
];

export const description: INodeProperties[] = [
	{ ...interviewPicker, displayOptions },
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
			'Whether to return one flat item per candidate (name, email, interviewScore, communicationScore, codingScore, reportLink, completed, completedAt, metaData) instead of the raw result',
		displayOptions,
	},
	{
		displayName: 'When No Candidate Has Finished',
		name: 'whenNotReady',
		type: 'options',
		options: whenNotReadyChoices,
		default: 'returnNothing',
		description: 'What to return for an interview whose invited candidates have not finished yet, so the service has no results for it',
		displayOptions,
	},
	withSwitchesOn({
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Only Finished Candidates',
				name: 'onlyFinished',
				type: 'boolean',
				default: false,
				description:
					'Whether to return only candidates who have finished the interview and been scored, leaving out those invited who have not taken it yet. Limit counts the candidates returned.',
			},
		],
	}),
];

interface ResultsQuery {
	interviewId: string;
	limit?: number;
	candidateEmail?: string;
	simplify: boolean;
	onlyFinished: boolean;
	whenNotReady: WhenNotReady;
}

function whenNotReadyOf(context: IExecuteFunctions, itemIndex: number): WhenNotReady {
	const chosen = context.getNodeParameter('whenNotReady', itemIndex, 'returnNothing') as WhenNotReady;
	if (WHEN_NOT_READY.includes(chosen)) return chosen;
	throw invalidInput(context.getNode(), 'When No Candidate Has Finished', `must be one of ${WHEN_NOT_READY.map((value) => `"${value}"`).join(', ')}`, itemIndex);
}

export function prepare(this: IExecuteFunctions, itemIndex: number): ResultsQuery {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const candidateEmail = String(filters.candidateEmail ?? '').trim();
	return withoutUndefined({
		interviewId: requiredInterviewId(this, itemIndex),
		limit: limitOf.call(this, itemIndex),
		candidateEmail: candidateEmail === '' ? undefined : candidateEmail,
		simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		onlyFinished: options.onlyFinished === true,
		whenNotReady: whenNotReadyOf(this, itemIndex),
	});
}

async function fetchResults(run: NodeRun, query: ResultsQuery, itemIndex: number): Promise<CandidateResult[]> {
	const filtered = query.candidateEmail !== undefined || query.onlyFinished;
	// The service's `search` is fuzzy; it only narrows the pages, the exact match is ours. Limit counts
	// the rows returned, so with a filter every page is read before the limit is applied.
	const results = await listResults.call(run.requests, query.interviewId, {
		search: query.candidateEmail,
		limit: filtered ? undefined : query.limit,
		itemIndex,
	});
	const wanted = emailKey(query.candidateEmail);
	const matching =
		wanted === undefined && !query.onlyFinished
			? results
			: results.filter((result) => (wanted === undefined || emailKey(result.candidate?.email) === wanted) && (!query.onlyFinished || isCompleted(result)));
	return query.limit === undefined ? matching : matching.slice(0, query.limit);
}

function completedAtText(result: CandidateResult): string | null {
	const at = completedAtOf(result);
	return at === undefined ? null : new Date(at).toISOString();
}

function outputRow(result: CandidateResult, query: ResultsQuery): IDataObject {
	if (query.simplify) {
		const { metaData, ...fields } = simplifyResult(result);
		return { ...fields, completed: isCompleted(result), completedAt: completedAtText(result), metaData } as IDataObject;
	}
	// The service's own fields stay as received: `completed` and `completedAt` are added only where it sent no field of that name.
	// The row was parsed from this run's answer and nothing else holds it, so they are added to it rather than to a copy.
	const row = result as IDataObject;
	if (!('completed' in result)) row.completed = isCompleted(result);
	if (!('completedAt' in result)) row.completedAt = completedAtText(result);
	return row;
}

export async function send(this: IExecuteFunctions, query: ResultsQuery, itemIndex: number, run: NodeRun): Promise<IDataObject | IDataObject[]> {
	try {
		const results = await fetchResults(run, query, itemIndex);
		return results.map((result) => outputRow(result, query));
	} catch (error) {
		if (!isResultsNotReady(error) || query.whenNotReady === 'error') throw asNodeError(this, error, itemIndex);
		if (query.whenNotReady === 'returnStatus') return { interviewId: query.interviewId, resultsReady: false, message: (error as Error).message };
		this.addExecutionHints({
			type: 'info',
			location: 'outputPane',
			message: `No candidate of interview ${query.interviewId} has finished yet, so nothing was returned for it. When No Candidate Has Finished chooses what happens then.`,
		});
		return [];
	}
}
