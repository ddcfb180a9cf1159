import type { IDataObject, INodeProperties } from 'n8n-workflow';

import * as inviteOperation from '../../../../nodes/InterviewService/actions/candidate/invite';
import { InterviewService } from '../../../../nodes/InterviewService/InterviewService.node';
import { fieldsOf } from './versionFields';
import { asExecute, byId, mockContext } from './mockContext';
import type { RecordedRequest } from './mockContext';

const { description } = new InterviewService();
const execute = asExecute(inviteOperation);

/** A field by its path of names (a collection's options included), as one version shows it. */
function field(resource: string, operation: string, version: number, path: string[]): INodeProperties {
	let candidates = fieldsOf(resource, operation, version);
	let found: INodeProperties | undefined;
	for (const name of path) {
		found = candidates.find((candidate) => candidate.name === name);
		if (found === undefined) throw new Error(`no ${path.join(' → ')} in ${resource}:${operation} v${version}`);
		candidates = (found.options ?? []) as INodeProperties[];
	}
	return found!;
}

/** Every switch whose purpose is to turn something on, by where it sits. */
const SWITCHES: Array<[string, string, string[]]> = [
	['interview', 'create', ['additionalFields', 'published']],
	['interview', 'update', ['updateFields', 'published']],
	['interview', 'updateSettings', ['updateFields', 'published']],
	...['allowContinueFromMiddle', 'allowInterviewOnMobile', 'allowLateAttempts', 'allowReattempt'].flatMap((name): Array<[string, string, string[]]> => [
		['interview', 'create', ['additionalFields', 'interviewConfig', name]],
		['interview', 'updateSettings', ['updateFields', 'interviewConfig', name]],
	]),
	['result', 'getMany', ['options', 'onlyFinished']],
];

describe('node version 3', () => {
	it('stays available beside the later versions, so a saved version 3 node keeps what it does', () => {
		expect(description.version).toEqual(expect.arrayContaining([1, 2, 3]));
		expect(description.defaultVersion).toBeGreaterThan(3);
	});

	it.each(SWITCHES)('%s:%s %j comes on when added from version 3 on; versions 1 and 2 keep it off', (resource, operation, path) => {
		expect(field(resource, operation, 3, path).default).toBe(true);
		expect(field(resource, operation, 2, path).default).toBe(false);
		expect(field(resource, operation, 1, path).default).toBe(false);
	});

	it('keeps every parameter of version 2 under its name, with the same options', () => {
		const shape = (properties: INodeProperties[]): unknown =>
			properties.map((property) => [property.name, property.type, (property.options as INodeProperties[] | undefined)?.map((option) => option.name ?? option)]).sort();
		for (const [resource, operation] of [['interview', 'create'], ['interview', 'update'], ['interview', 'updateSettings'], ['candidate', 'invite'], ['result', 'getMany']]) {
			expect(shape(fieldsOf(resource, operation, 3))).toEqual(shape(fieldsOf(resource, operation, 2)));
		}
	});

	it("Invite's Start Time and End Time are required up to version 2; from version 3 on, empty says what it means", () => {
		for (const name of ['startTime', 'endTime']) {
			expect(field('candidate', 'invite', 2, [name]).required).toBe(true);
			expect(field('candidate', 'invite', 3, [name]).required).toBeFalsy();
			expect(field('candidate', 'invite', 3, [name]).hint).toMatch(/^Leave empty/);
		}
	});
});

/** Labels n8n shows whole: longer ones are cut with "…" in the panel (seen at 28 characters one collection deep). */
describe('labels fit the panel', () => {
	const LONGEST_BY_DEPTH = [30, 24, 22];
	function tooLong(properties: INodeProperties[], depth: number): string[] {
		return properties.flatMap((property) => {
			const own = property.type !== 'notice' && property.displayName.length > LONGEST_BY_DEPTH[Math.min(depth, 2)] ? [`${property.displayName} (depth ${depth})`] : [];
			const nested = property.type === 'collection' ? tooLong(property.options as INodeProperties[], depth + 1) : [];
			return [...own, ...nested];
		});
	}

	it('no label of the action node is longer than its depth allows', () => {
		expect(tooLong(description.properties, 0)).toEqual([]);
	});
});

describe('candidate → invite, version 3, with Start Time and End Time left empty', () => {
	const links = (request: RecordedRequest) => ({
		data: ((request.body?.candidates ?? []) as IDataObject[]).map((candidate) => ({ email: candidate.email, preAuthLink: 'https://x/pre' })),
	});
	const parameters = (itemIndex: number): IDataObject => ({ interviewId: byId('int_1'), email: `c${itemIndex}@example.com`, additionalFields: {}, options: {} });

	afterEach(() => jest.restoreAllMocks());

	it('opens the window when the node runs, for a week, the same for every item: one request', async () => {
		const now = Date.parse('2026-05-04T10:20:30.456Z');
		const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
		const mock = mockContext({ parameters, items: 3, typeVersion: 3, respond: (request) => {
			clock.mockReturnValue(now + 5_000);
			return links(request);
		} });
		await execute.call(mock.context);
		expect(mock.requests).toHaveLength(1);
		expect(mock.requests[0].body).toMatchObject({ startTime: '2026-05-04T10:20:30.000Z', endTime: '2026-05-11T10:20:30.000Z' });
	});

	it('keeps the window of the first attempt when Retry On Fail runs the node again, so an answered batch is not sent twice', async () => {
		const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-05-04T10:00:00Z'));
		let calls = 0;
		const mock = mockContext({
			parameters: (itemIndex) => ({ ...parameters(itemIndex), options: { batchSize: 1 } }),
			items: 2,
			typeVersion: 3,
			continueOnFail: true,
			respond: (request) => {
				calls += 1;
				if (calls === 2) throw new Error('socket hang up');
				return links(request);
			},
		});
		await execute.call(mock.context);
		clock.mockReturnValue(Date.parse('2026-05-04T10:01:00Z'));
		await execute.call(mock.context);
		const sent = mock.requests.map((request) => [(request.body?.candidates as IDataObject[])[0].email, request.body?.startTime]);
		expect(sent).toEqual([
			['c0@example.com', '2026-05-04T10:00:00.000Z'],
			['c1@example.com', '2026-05-04T10:00:00.000Z'],
			['c1@example.com', '2026-05-04T10:00:00.000Z'],
		]);
	});

	it('closes a window given only its start a week after it', async () => {
		const mock = mockContext({ parameters: (itemIndex) => ({ ...parameters(itemIndex), startTime: '2030-01-07T09:00:00+02:00' }), typeVersion: 3, respond: links });
		await execute.call(mock.context);
		expect(mock.requests[0].body).toMatchObject({ startTime: '2030-01-07T09:00:00+02:00', endTime: '2030-01-14T07:00:00.000Z' });
	});

	it('still refuses an empty Start Time in version 2, before any request', async () => {
		const mock = mockContext({ parameters, typeVersion: 2, respond: links });
		await expect(execute.call(mock.context)).rejects.toThrow(/^Start Time /);
		expect(mock.requests).toEqual([]);
	});
});
