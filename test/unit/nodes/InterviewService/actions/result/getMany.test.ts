import type { IDataObject } from 'n8n-workflow';

import * as getManyOperation from '../../../../../../nodes/InterviewService/actions/result/getMany';
import { apiError, asExecute, BASE_URL, byId, mockContext } from '../../mockContext';
import type { RecordedRequest } from '../../mockContext';

const execute = asExecute(getManyOperation);

const documented = {
	interviewId: 'int_1',
	candidate: { name: 'Ada', email: 'Ada@Example.com' },
	scores: { interviewScore: 8, communicationScore: 7, codingScore: 9 },
	metaData: { team: 'core' },
	reportLink: 'https://x/report/ada',
};
const zeko = {
	interviewId: 'int_1',
	candidate: { name: 'Adam', email: 'adam@example.com' },
	scores: { overallScore: 6, communicationScore: 5, technicalScore: 4 },
	metaData: {},
	reportLink: 'https://x/report/adam',
};
const pending = { interviewId: 'int_1', candidate: { name: 'Bob', email: 'bob@example.com' }, scores: null, metaData: null, reportLink: null };

/** The list on page 1, nothing after. */
const onePage = (list: unknown[]) => (request: RecordedRequest) => (Number(request.qs?.page) === 1 ? list : []);

function resultsContext(parameters: IDataObject, respond: (request: RecordedRequest) => unknown = onePage([documented, zeko, pending])) {
	return mockContext({
		parameters: { interviewId: byId('int_1'), returnAll: true, filters: {}, simplify: true, options: {}, ...parameters },
		respond,
	});
}

const notReady = () => {
	throw apiError(422, 'Results are not ready yet', { code: 'RESULTS_NOT_READY' });
};

describe('result → get many', () => {
	it('simplifies both score namings into one flat item per candidate', async () => {
		const mock = resultsContext({});
		const output = await execute.call(mock.context);
		expect(mock.requests[0]).toEqual({ method: 'GET', url: `${BASE_URL}/api/v1/interview/int_1/results`, qs: { page: 1, limit: 100 } });
		expect(output.map((item) => item.json)).toEqual([
			{ interviewId: 'int_1', name: 'Ada', email: 'Ada@Example.com', interviewScore: 8, communicationScore: 7, codingScore: 9, reportLink: 'https://x/report/ada', metaData: { team: 'core' } },
			{ interviewId: 'int_1', name: 'Adam', email: 'adam@example.com', interviewScore: 6, communicationScore: 5, codingScore: 4, reportLink: 'https://x/report/adam', metaData: {} },
			{ interviewId: 'int_1', name: 'Bob', email: 'bob@example.com', interviewScore: null, communicationScore: null, codingScore: null, reportLink: null, metaData: {} },
		]);
	});

	it('returns the raw results when Simplify is off', async () => {
		const output = await execute.call(resultsContext({ simplify: false }).context);
		expect(output[1].json).toEqual(zeko);
	});

	it('filters by exact e-mail, without case, and narrows the server\'s list with `search`', async () => {
		const mock = resultsContext({ filters: { candidateEmail: ' ada@example.COM ' } });
		const output = await execute.call(mock.context);
		expect(mock.requests[0].qs).toEqual({ page: 1, limit: 100, search: 'ada@example.COM' });
		expect(output.map((item) => item.json.name)).toEqual(['Ada']);
	});

	it('applies the limit after the e-mail filter', async () => {
		const mock = resultsContext({ returnAll: false, limit: 1, filters: { candidateEmail: 'adam@example.com' } });
		const output = await execute.call(mock.context);
		expect(output.map((item) => item.json.name)).toEqual(['Adam']);
	});

	it('outputs nothing for an interview without candidates', async () => {
		expect(await execute.call(resultsContext({}, () => []).context)).toEqual([]);
	});

	it('by default outputs one status item when results are not ready', async () => {
		const output = await execute.call(resultsContext({}, notReady).context);
		expect(output).toEqual([
			{ json: { interviewId: 'int_1', resultsReady: false, message: 'Results are not ready yet' }, pairedItem: { item: 0 } },
		]);
	});

	it('recognises "not ready" by its message when the service sends no code', async () => {
		const output = await execute.call(
			resultsContext({}, () => {
				throw apiError(422, 'Results not ready', null);
			}).context,
		);
		expect(output[0].json.resultsReady).toBe(false);
	});

	it('outputs nothing, or fails, when asked to', async () => {
		expect(await execute.call(resultsContext({ options: { whenNotReady: 'returnNothing' } }, notReady).context)).toEqual([]);
		await expect(execute.call(resultsContext({ options: { whenNotReady: 'error' } }, notReady).context)).rejects.toThrow(
			'Results are not ready yet',
		);
	});

	it('keeps a real validation error an error', async () => {
		const invalid = () => {
			throw apiError(422, 'Input validation failed', [{ path: 'limit', message: 'must be a number' }]);
		};
		await expect(execute.call(resultsContext({}, invalid).context)).rejects.toThrow('Input validation failed');
	});

	it('rejects an unknown "when not ready" value before any request', async () => {
		const mock = resultsContext({ options: { whenNotReady: 'ignore' } });
		await expect(execute.call(mock.context)).rejects.toThrow(/^When Results Are Not Ready must be one of/);
		expect(mock.requests).toHaveLength(0);
	});
});
