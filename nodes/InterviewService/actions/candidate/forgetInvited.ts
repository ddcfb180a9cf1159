import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { toEmailList } from '../../../shared/email';
import { interviewLocator } from '../../../shared/interviewLocator';
import { invalidInput, requiredInterviewId } from '../../helpers/parameters';
import { showFor } from '../common.descriptions';
import type { ItemOutcome, PreparedItem } from '../../helpers/operationContract';
import { candidateEmailsProperty } from './candidateInput';
import { clearInvited, forgetInvited, invitedKey, rememberedOf } from './invitedHistory';

const displayOptions = showFor('candidate', 'forgetInvited');
const FORGET_ALL = 'all';
const FORGET_CHOSEN = 'chosen';
const chosenOnly = { show: { ...displayOptions.show, forget: [FORGET_CHOSEN] } };

export const description: INodeProperties[] = [
	{
		displayName:
			'Runs once, however many items come in. Nothing is sent to the Interview Service: Invite nodes of this workflow with "Skip Already Invited" will invite the forgotten candidates again. Do not place it after Invite on the same path, or every run forgets whom Invite just invited.',
		name: 'forgetInvitedNotice',
		type: 'notice',
		default: '',
		displayOptions,
	},
	{
		displayName: 'Forget',
		name: 'forget',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'All Candidates', value: FORGET_ALL, description: 'Every candidate this workflow invited, to every interview' },
			{ name: 'Chosen Candidates', value: FORGET_CHOSEN, description: 'The e-mails given below for one interview, e.g. from the input items' },
		],
		default: FORGET_ALL,
		displayOptions,
	},
	{ ...interviewLocator, description: 'The interview the candidates were invited to', displayOptions: chosenOnly },
	candidateEmailsProperty(
		chosenOnly,
		'E-mails to forget; an entry may hold several, separated by commas. Map one from the input items (drag their email field here) to forget the candidates of every item.',
	),
];

/** All, or one item's e-mails, each with its key in the store. */
type ForgetRequest = { forget: typeof FORGET_ALL } | { forget: typeof FORGET_CHOSEN; chosen: Array<[key: string, email: string]> };

export function prepare(this: IExecuteFunctions, itemIndex: number): ForgetRequest {
	if (this.getNodeParameter('forget', 0, FORGET_ALL) === FORGET_ALL) return { forget: FORGET_ALL };
	const interviewId = requiredInterviewId(this, itemIndex);
	const emails = toEmailList(this.getNodeParameter('candidateEmails', itemIndex, []));
	if (emails.length === 0) throw invalidInput(this.getNode(), 'Candidate Emails', 'is required', itemIndex);
	return { forget: FORGET_CHOSEN, chosen: emails.map((email): [string, string] => [invitedKey(interviewId, email), email]) };
}

/** Warns when an Invite that remembers candidates runs before this node in the same run: it would forget them at once. */
function warnAfterInvite(context: IExecuteFunctions): void {
	const upstream = context.getParentNodes(context.getNode().name, { includeNodeParameters: true });
	const invite = upstream.find(({ type, parameters }) => {
		if (!type.endsWith('.interviewService') || parameters?.resource !== 'candidate') return false;
		return (parameters.operation ?? 'invite') === 'invite' && (parameters.options as IDataObject | undefined)?.skipAlreadyInvited === true;
	});
	if (invite === undefined) return;
	context.addExecutionHints({
		type: 'warning',
		location: 'outputPane',
		message: `"${invite.name}" invites before this node in the same run, so the candidates it just invited are forgotten and the next run invites them again. Run Forget Invited Candidates in a workflow of its own, or on another path.`,
	});
}

/** Once per run, however many items: one output item, paired with every input item it read. */
export async function sendInBatches(this: IExecuteFunctions, prepared: Array<PreparedItem<ForgetRequest>>): Promise<ItemOutcome[]> {
	if (prepared.length === 0) return [];
	warnAfterInvite(this);
	const pairedWith = prepared.map(({ itemIndex }) => itemIndex);
	const { itemIndex } = prepared[0];
	if (prepared[0].request.forget === FORGET_ALL) return [{ itemIndex, pairedWith, json: [{ forgotten: await clearInvited(this) }] }];

	const chosen = prepared.flatMap(({ request }) => (request.forget === FORGET_CHOSEN ? request.chosen : []));
	const keys = [...new Set(chosen.map(([key]) => key))];
	const remembered = await rememberedOf(this, keys);
	await forgetInvited(this, [...remembered]);
	const notRemembered = [...new Map(chosen.filter(([key]) => !remembered.has(key))).values()];
	return [{ itemIndex, pairedWith, json: [{ forgotten: remembered.size, notRemembered }] }];
}
