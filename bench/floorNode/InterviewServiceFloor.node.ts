/**
 * The helpers floor of `npm run bench:n8n`: the requests our node sends for Invite (Map Automatically) and
 * Result → Get Many (Return All), the same endpoints, batch and page sizes and requests in flight, sent through
 * `this.helpers.httpRequestWithAuthentication` with our credential, and nothing else: no checks, no retries, each
 * answer's rows as output items. bench/n8n.ts transpiles it into a package of its own, installed beside ours.
 * Never published (package.json `files` is dist/) and only type imports, so it loads with nothing but n8n.
 */
import type { ICredentialDataDecryptedObject, ICredentialsDecrypted, IDataObject, IExecuteFunctions, IHttpRequestOptions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

const CREDENTIAL_TYPE = 'interviewServiceApi';
/** Our node's defaults: candidates per access-links request and batches in flight (helpers/batches.ts). */
const BATCH_SIZE = 100;
const PARALLEL_BATCHES = 4;
/** Our page walk's page size asked and most pages in flight (shared/transport/pagination.ts). */
const PAGE_SIZE = 100;
const PAGE_CONCURRENCY = 4;

export class InterviewServiceFloor implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Interview Service Floor',
		name: 'interviewServiceFloor',
		group: ['transform'],
		version: 1,
		description: "Our node's requests through n8n's helper, and nothing else (benchmark only)",
		defaults: { name: 'Interview Service Floor' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				options: [
					{ name: 'Invite', value: 'invite' },
					{ name: 'Export', value: 'export' },
				],
				default: 'invite',
			},
			{ displayName: 'Interview ID', name: 'interviewId', type: 'string', default: '' },
			{ displayName: 'Start Time', name: 'startTime', type: 'string', default: '' },
			{ displayName: 'End Time', name: 'endTime', type: 'string', default: '' },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const interviewId = this.getNodeParameter('interviewId', 0) as string;
		// Read once and handed to n8n decrypted, as our node does (the helper's cheapest use).
		const credential: ICredentialsDecrypted = { id: this.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? '', name: '', type: CREDENTIAL_TYPE, data: await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE) };
		const base = `${String(credential.data?.baseUrl)}/api/v1/interview/${encodeURIComponent(interviewId)}`;
		const send = async (request: IHttpRequestOptions) =>
			((await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, { ...request, json: true }, { credentialsDecrypted: credential })) as { data: unknown }).data;

		if (this.getNodeParameter('operation', 0) === 'invite') {
			const startTime = this.getNodeParameter('startTime', 0) as string;
			const endTime = this.getNodeParameter('endTime', 0) as string;
			const candidates = this.getInputData().map(({ json }) => ({ email: json.email, name: json.name }));
			const batches: IDataObject[][] = [];
			for (let start = 0; start < candidates.length; start += BATCH_SIZE) batches.push(candidates.slice(start, start + BATCH_SIZE));
			const links: unknown[][] = [];
			let next = 0;
			const worker = async () => {
				for (let index = next++; index < batches.length; index = next++) {
					const answer = (await send({ method: 'POST', url: `${base}/access-links`, body: { startTime, endTime, candidates: batches[index] } })) as { data: unknown[] };
					links[index] = answer.data;
				}
			};
			await Promise.all(Array.from({ length: PARALLEL_BATCHES }, worker));
			return [links.flat().map((json) => ({ json: json as IDataObject }))];
		}

		// Our walk: pages 1 and 2 one after the other (the second tells a capped page size), then the pages in flight
		// doubling up to 4; a page shorter than the first ends it, and a page past the end that fails answers nothing.
		const page = async (number: number) => (await send({ method: 'GET', url: `${base}/results`, qs: { page: number, limit: PAGE_SIZE } })) as unknown[];
		const rows: unknown[] = [];
		const first = await page(1);
		rows.push(...first);
		const pageSize = first.length;
		const inFlight = new Map<number, Promise<unknown[]>>();
		let window = 1;
		let asked = 2;
		for (let number = 2; pageSize > 0; number++) {
			for (; inFlight.size < window; asked++) inFlight.set(asked, page(asked).catch(() => []));
			const items = await inFlight.get(number)!;
			inFlight.delete(number);
			rows.push(...items);
			if (items.length < pageSize) break;
			if (number > 2 || pageSize === PAGE_SIZE) window = Math.min(PAGE_CONCURRENCY, window * 2);
		}
		await Promise.allSettled(inFlight.values());
		return [rows.map((json) => ({ json: json as IDataObject }))];
	}
}
