/**
 * n8n's processed-data store (what `helpers.checkProcessedAndRecord` and its siblings reach) for tests
 * that run outside an n8n server: kept in memory, with the semantics of n8n 2.41.1's own
 * DeduplicationHelper (n8n/dist/deduplication/deduplication-helper.js) for mode "entries": one
 * list of md5 hashes per workflow and scope (`n:<node id>` or the workflow's), new values appended,
 * `maxEntries` dropping the oldest, removal by value. The real store is proven in the e2e tests.
 */
import { createHash } from 'node:crypto';

import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

const hashOf = (value: DeduplicationItemTypes) => createHash('md5').update(value.toString()).digest('base64');

export class ProcessedDataStore implements IDataDeduplicator {
	private readonly lists = new Map<string, string[]>();

	private keyOf(scope: DeduplicationScope, { workflow, node }: ICheckProcessedContextData): string {
		return `${workflow.id}\u0000${scope === 'node' ? `n:${node?.id ?? ''}` : ''}`;
	}

	private entriesOnly(options: ICheckProcessedOptions) {
		if (options.mode !== 'entries') throw new Error(`the test store keeps mode "entries" only, not "${options.mode}"`);
	}

	async checkProcessedAndRecord(items: DeduplicationItemTypes[], scope: DeduplicationScope, contextData: ICheckProcessedContextData, options: ICheckProcessedOptions): Promise<IDeduplicationOutput> {
		this.entriesOnly(options);
		const key = this.keyOf(scope, contextData);
		const list = this.lists.get(key) ?? [];
		const known = new Set(list);
		const output: IDeduplicationOutput = { new: [], processed: [] };
		items.forEach((item) => {
			const hash = hashOf(item);
			if (known.has(hash)) output.processed.push(item);
			else {
				output.new.push(item);
				list.push(hash);
			}
		});
		if (options.maxEntries) list.splice(0, Math.max(0, list.length - options.maxEntries));
		this.lists.set(key, list);
		return output;
	}

	async removeProcessed(items: DeduplicationItemTypes[], scope: DeduplicationScope, contextData: ICheckProcessedContextData, options: ICheckProcessedOptions): Promise<void> {
		this.entriesOnly(options);
		const list = this.lists.get(this.keyOf(scope, contextData));
		if (!list) return;
		for (const hash of items.map(hashOf)) {
			const index = list.indexOf(hash);
			if (index !== -1) list.splice(index, 1);
		}
	}

	async clearAllProcessedItems(scope: DeduplicationScope, contextData: ICheckProcessedContextData): Promise<void> {
		this.lists.delete(this.keyOf(scope, contextData));
	}

	async getProcessedDataCount(scope: DeduplicationScope, contextData: ICheckProcessedContextData, options: ICheckProcessedOptions): Promise<number> {
		return options.mode === 'entries' ? (this.lists.get(this.keyOf(scope, contextData))?.length ?? 0) : 0;
	}

	/** How many entries a workflow's scope holds. */
	size(workflowId: string, scope: DeduplicationScope = 'workflow', nodeId = ''): number {
		return this.lists.get(`${workflowId}\u0000${scope === 'node' ? `n:${nodeId}` : ''}`)?.length ?? 0;
	}

	clear(): void {
		this.lists.clear();
	}
}

/** The one store of this test process, as n8n-core's execution contexts reach it. */
export const processedData = new ProcessedDataStore();
let initialised: Promise<void> | undefined;

export async function useProcessedDataStore(): Promise<ProcessedDataStore> {
	initialised ??= DataDeduplicationService.init(processedData);
	await initialised;
	return processedData;
}
