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
	it('each simplified row says whether the candidate has finished and when, where the service says so, in either naming', async () => {
		const respond = onePage([
			{ ...documented, completedAt: '2026-11-20T09:00:00+01:00' },
			{ ...zeko, completed_at: '2026-11-21T10:00:00Z' },
			pending,
			{ ...pending, candidate: { email: 'link-only@example.com' }, reportLink: 'https://x/report/none', scores: { interviewScore: null } },
			{ candidate: { email: 'status@example.com' }, status: 'completed', scores: { overallScore: 5 } },
		]);
		const output = await execute.call(resultsContext({}, respond).context);
		expect(output.map((item) => [item.json.email, item.json.completed, item.json.completedAt])).toEqual([
			['Ada@Example.com', true, '2026-11-20T08:00:00.000Z'],
			['adam@example.com', true, '2026-11-21T10:00:00.000Z'],
			['bob@example.com', false, null],
			['link-only@example.com', false, null],
			['status@example.com', true, null],
		]);
		expect(Object.keys(output[0].json)).toEqual(['interviewId', 'name', 'email', 'interviewScore', 'communicationScore', 'codingScore', 'reportLink', 'completed', 'completedAt', 'metaData']);
	});

	it('a raw row keeps every field the service sent, and gets completed and completedAt only where it sent no field of that name', async () => {
		const own = { ...documented, completed: 'yes', completedAt: 'on Monday' };
		const respond = onePage([own, { ...zeko, completed_at: '2026-11-21T10:00:00Z' }, pending]);
		const output = await execute.call(resultsContext({ simplify: false }, respond).context);
		expect(output[0].json).toEqual(own);
		expect(output[1].json).toEqual({ ...zeko, completed_at: '2026-11-21T10:00:00Z', completed: true, completedAt: '2026-11-21T10:00:00.000Z' });
		expect(output[2].json).toEqual({ ...pending, completed: false, completedAt: null });
	});

	it('Only Finished Candidates leaves out those who have not finished; Limit counts the candidates returned', async () => {
		const list = [pending, { ...pending, candidate: { email: 'p2@example.com' } }, documented, { ...pending, candidate: { email: 'p3@example.com' } }, zeko];
		const all = await execute.call(resultsContext({ options: { onlyFinished: true } }, onePage(list)).context);
		expect(all.map((item) => item.json.email)).toEqual(['Ada@Example.com', 'adam@example.com']);
		const mock = resultsContext({ returnAll: false, limit: 1, options: { onlyFinished: true } }, onePage(list));
		const limited = await execute.call(mock.context);
		expect(limited.map((item) => item.json.email)).toEqual(['Ada@Example.com']);
		// The walk is not cut at one row: the first rows may be unfinished candidates.
		expect(mock.requests[0].qs).toEqual({ page: 1, limit: 100 });
		const off = await execute.call(resultsContext({ returnAll: false, limit: 1 }, onePage(list)).context);
		expect(off.map((item) => item.json.email)).toEqual(['bob@example.com']);
	});

	it('outputs nothing by default when no candidate has finished, and says so beside the output', async () => {
		const mock = resultsContext({}, notReady);
		expect(await execute.call(mock.context)).toEqual([]);
		expect(mock.hints.map((hint) => hint.message)).toEqual([
			'No candidate of interview int_1 has finished yet, so nothing was returned for it. When No Candidate Has Finished chooses what happens then.',
		]);
	});

	it('When No Candidate Has Finished gives the status item or the error when chosen', async () => {
		const status = await execute.call(resultsContext({ whenNotReady: 'returnStatus' }, notReady).context);
		expect(status).toEqual([{ json: { interviewId: 'int_1', resultsReady: false, message: 'Results are not ready yet' }, pairedItem: { item: 0 } }]);
		await expect(execute.call(resultsContext({ whenNotReady: 'error' }, notReady).context)).rejects.toThrow('Results are not ready yet');
		const mock = resultsContext({ whenNotReady: 'ignore' });
		await expect(execute.call(mock.context)).rejects.toThrow(/^When No Candidate Has Finished must be one of/);
		expect(mock.requests).toHaveLength(0);
	});

	it('simplifies both score namings into one flat item per candidate', async () => {
		const mock = resultsContext({});
		const output = await execute.call(mock.context);
		expect(mock.requests[0]).toEqual({ method: 'GET', url: `${BASE_URL}/api/v1/interview/int_1/results`, qs: { page: 1, limit: 100 } });
		expect(output.map((item) => item.json)).toEqual([
			{ interviewId: 'int_1', name: 'Ada', email: 'Ada@Example.com', interviewScore: 8, communicationScore: 7, codingScore: 9, reportLink: 'https://x/report/ada', completed: true, completedAt: null, metaData: { team: 'core' } },
			{ interviewId: 'int_1', name: 'Adam', email: 'adam@example.com', interviewScore: 6, communicationScore: 5, codingScore: 4, reportLink: 'https://x/report/adam', completed: true, completedAt: null, metaData: {} },
			{ interviewId: 'int_1', name: 'Bob', email: 'bob@example.com', interviewScore: null, communicationScore: null, codingScore: null, reportLink: null, completed: false, completedAt: null, metaData: {} },
		]);
	});

	it('returns the raw results when Simplify is off', async () => {
		const output = await execute.call(resultsContext({ simplify: false }).context);
		expect(output[1].json).toEqual({ ...zeko, completed: true, completedAt: null });
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

	it('recognises "not ready" by its message when the service sends no code', async () => {
		const output = await execute.call(
			resultsContext({ whenNotReady: 'returnStatus' }, () => {
				throw apiError(422, 'Results not ready', null);
			}).context,
		);
		expect(output[0].json.resultsReady).toBe(false);
	});

	it('keeps a real validation error an error', async () => {
		const invalid = () => {
			throw apiError(422, 'Input validation failed', [{ path: 'limit', message: 'must be a number' }]);
		};
		await expect(execute.call(resultsContext({}, invalid).context)).rejects.toThrow('Input validation failed');
	});
});
