import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { CandidateResult } from '../shared/contract/result';
import { triggerInterviewId } from '../shared/interviewLocator';
import { isNotFound, messageOf, unlessError } from '../shared/transport/errors';
import { isNewResult, readPollState, rememberResults, resultKey, savePollState } from './pollState';
import { completedAtOf, completionKey, isCompleted, simplifyResult } from '../shared/results';
import { fetchCandidateResults, listInterviews } from '../shared/transport/lists';
import { requestRun } from '../shared/transport/request';

export const WATCH_ONE = 'interview';
export const WATCH_ALL_PUBLISHED = 'allPublished';
const ALL_PUBLISHED_MARK = '*';

interface FoundResult {
	interviewId: string;
	result: CandidateResult;
}

const identityOf = ({ interviewId, result }: FoundResult) => ({
	interviewId,
	email: result.candidate?.email,
	reportLink: result.reportLink,
	completedAt: completedAtOf(result),
});

/** Completed results, newest interview first; all published ones from after `resumeAfter` until the poll budget runs out. */
async function completedResults(this: IPollFunctions, interviewId: string | undefined, resumeAfter?: string): Promise<{ found: FoundResult[]; stoppedAfter?: string }> {
	if (interviewId !== undefined) {
		const results = await fetchCandidateResults.call(this, interviewId);
		return { found: results.filter(isCompleted).map((result) => ({ interviewId, result })) };
	}
	// n8n 2.x abandons a poll past its budget, counted from its start, and keeps nothing of it (docs/n8n-internals.md, "The poll budget"); 1.x gives none.
	const deadline = Date.now() + (typeof this.getPollBudgetMs === 'function' ? this.getPollBudgetMs() : Infinity);
	const found: FoundResult[] = [];
	// One credential read for the whole poll, however many interviews.
	const run = requestRun(this);
	const interviewIds = (await listInterviews.call(run, { status: 'published' })).map((item) => item.interviewId);
	const start = interviewIds.indexOf(resumeAfter ?? '') + 1;
	let next = start;
	let slowest = 0;
	const failures: Array<{ interviewId: string; error: unknown }> = [];
	// The next interview only while the slowest so far would still fit; at least one, so a pass always moves on.
	while (next < interviewIds.length && (next === start || Date.now() + slowest <= deadline)) {
		const id = interviewIds[next++];
		const began = Date.now();
		try {
			// An interview deleted between the list and its results is simply gone.
			const results = await unlessError(fetchCandidateResults.call(run, id), isNotFound, []);
			found.push(...results.filter(isCompleted).map((result) => ({ interviewId: id, result })));
		} catch (error) {
			// One broken interview must not hold back the others: skipped for this pass, tried again at the next.
			failures.push({ interviewId: id, error });
			this.logger.warn(`Interview Service Results Trigger: skipped interview ${id} for this poll: ${messageOf(error)}`, {
				interviewId: id,
				workflowId: this.getWorkflow().id,
			});
		}
		slowest = Math.max(slowest, Date.now() - began);
	}
	if (failures.length > 0 && failures.length === next - start) throw failures[0].error;
	return { found, stoppedAfter: next < interviewIds.length ? interviewIds[next - 1] : undefined };
}

const completedAt = ({ result }: FoundResult) => completedAtOf(result) ?? Number.NaN;

/** By the time of completion when the service gives it (of equal times, the one listed last); else the last result of the newest interview. */
function latestOf(found: FoundResult[]): FoundResult | undefined {
	const dated = found.filter((entry) => Number.isFinite(completedAt(entry)));
	if (dated.length > 0) return dated.reduce((latest, entry) => (completedAt(entry) >= completedAt(latest) ? entry : latest));
	return found.filter((entry) => entry.interviewId === found[0]?.interviewId).pop();
}

/** Without a completion time on the row, the key is made of what the poll knows the result by. */
function toItem({ interviewId, result }: FoundResult, simplify: boolean): INodeExecutionData {
	const id = result.interviewId ?? interviewId;
	const key = completionKey(id, result.candidate?.email, completedAtOf(result), resultKey(id, result.candidate?.email, result.reportLink, completedAtOf(result)));
	if (!simplify) return { json: { interviewId, ...result, completionKey: key } as IDataObject };
	return { json: { ...simplifyResult(result), interviewId: id, completionKey: key } as unknown as IDataObject };
}

/** Each new completed result once. A first pass only records; a manual run emits the latest and records nothing, so a test hides no result. */
export async function pollResults(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const interviewId = this.getNodeParameter('watch', WATCH_ONE) === WATCH_ALL_PUBLISHED ? undefined : triggerInterviewId(this);
	const simplify = this.getNodeParameter('simplify', true) as boolean;

	if (this.getMode() === 'manual') {
		const latest = latestOf((await completedResults.call(this, interviewId)).found);
		return latest === undefined ? null : [[toItem(latest, simplify)]];
	}

	const staticData = this.getWorkflowStaticData('node');
	const watching = interviewId ?? ALL_PUBLISHED_MARK;
	const state = readPollState(staticData);
	const started = state !== undefined && state.watching === watching;
	const seen = started ? state.seen : [];
	// A first pass longer than the budget records over several polls.
	const recording = !started || state.recording === true;
	const resumeAfter = started ? state.resumeAfter : undefined;
	const { found, stoppedAfter } = await completedResults.call(this, interviewId, resumeAfter);

	const seenSet = new Set(seen);
	const fresh = recording ? [] : found.filter((entry) => isNewResult(seenSet, identityOf(entry)));
	// Only a poll that read every interview knows which results the service no longer lists, and may forget some.
	const remembered = rememberResults(seen, found.map(identityOf), resumeAfter === undefined && stoppedAfter === undefined ? undefined : Infinity);
	savePollState(staticData, { watching, seen: remembered, resumeAfter: stoppedAfter, recording: (recording && stoppedAfter !== undefined) || undefined });

	return fresh.length > 0 ? [fresh.map((entry) => toItem(entry, simplify))] : null;
}
