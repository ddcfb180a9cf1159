/**
 * Executions as n8n stored them, read whole through its public API, so a scenario asserts on the data
 * itself rather than on whatever part of the output pane is drawn at that moment.
 */
import axios, { type AxiosInstance } from 'axios';

import { freshApiKey } from '../../../harness/owner';
import { pollUntil } from '../../../harness/process';

export interface StoredExecution {
	id: string;
	finished: boolean;
	status: string;
	data?: { resultData: { runData: Record<string, Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }> | null> } }>> } };
}

/** n8n's public API with a fresh key of `label` (`rest` must hold the owner's session). */
export async function publicApiOf(rest: AxiosInstance, n8nUrl: string, label: string): Promise<AxiosInstance> {
	return axios.create({ baseURL: `${n8nUrl}/api/v1`, headers: { 'X-N8N-API-KEY': await freshApiKey(rest, label) }, timeout: 30_000 });
}

/** A workflow's executions with their data, newest first. */
export async function executionsOf(publicApi: AxiosInstance, workflowId: string): Promise<StoredExecution[]> {
	return (await publicApi.get('/executions', { params: { workflowId, includeData: true } })).data.data as StoredExecution[];
}

const DONE = ['success', 'error', 'crashed', 'canceled'];

/** Waits (bounded) until the workflow has `count` executions, all finished; answers them, newest first. */
export async function finishedExecutions(publicApi: AxiosInstance, workflowId: string, count: number, what: string): Promise<StoredExecution[]> {
	return await pollUntil(async () => {
		const listed = await executionsOf(publicApi, workflowId);
		return listed.length >= count && listed.every((execution) => DONE.includes(execution.status)) ? listed : undefined;
	}, 30_000, what);
}

/** The items of one output of a node's first run in an execution. */
export function outputItems(execution: StoredExecution, node: string, output = 0): Array<Record<string, unknown>> {
	return (execution.data?.resultData.runData[node]?.[0]?.data.main[output] ?? []).map((item) => item.json);
}
