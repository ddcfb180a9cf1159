import type { INodeProperties } from 'n8n-workflow';

import { InterviewService } from '../../../../nodes/InterviewService/InterviewService.node';

const { description } = new InterviewService();

function operationValues(resource: string): string[] {
	const operation = description.properties.find(
		(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
	) as INodeProperties;
	return (operation.options as Array<{ value: string }>).map((option) => option.value).sort();
}

/** An operation's field by its path of names, a collection's options included. */
function field(resource: string, operation: string, path: string[]): INodeProperties {
	let candidates = description.properties.filter(
		(property) => property.displayOptions?.show?.resource?.includes(resource) === true && property.displayOptions.show.operation?.includes(operation) === true,
	);
	let found: INodeProperties | undefined;
	for (const name of path) {
		found = candidates.find((candidate) => candidate.name === name);
		if (found === undefined) throw new Error(`no ${path.join(' → ')} in ${resource}:${operation}`);
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
	['candidate', 'invite', ['options', 'skipAlreadyInvited']],
];

/** Labels n8n shows whole: longer ones are cut with "…" in the panel (seen at 28 characters one collection deep). */
const LONGEST_BY_DEPTH = [30, 24, 22];
function tooLong(properties: INodeProperties[], depth: number): string[] {
	return properties.flatMap((property) => {
		const own = property.type !== 'notice' && property.displayName.length > LONGEST_BY_DEPTH[Math.min(depth, 2)] ? [`${property.displayName} (depth ${depth})`] : [];
		const nested = property.type === 'collection' ? tooLong(property.options as INodeProperties[], depth + 1) : [];
		return [...own, ...nested];
	});
}

describe('InterviewService node description', () => {
	it('has one version, and no field shown for some versions only', () => {
		expect(description.version).toBe(1);
		expect(description.defaultVersion).toBeUndefined();
		expect(JSON.stringify(description)).not.toMatch(/@version|\$nodeVersion/);
	});

	it.each(SWITCHES)('%s:%s %j comes on when added', (resource, operation, path) => {
		expect(field(resource, operation, path).default).toBe(true);
	});

	it('no label is longer than its depth allows', () => {
		expect(tooLong(description.properties, 0)).toEqual([]);
	});

	it("Invite's Start Time and End Time may be left empty, and say what empty means", () => {
		for (const name of ['startTime', 'endTime']) {
			expect(field('candidate', 'invite', [name]).required).toBeFalsy();
			expect(field('candidate', 'invite', [name]).hint).toMatch(/^Leave empty/);
		}
	});

	it("says under Invite's Candidate Fields what one input item invites; Email takes several and is marked required", () => {
		const notices = description.properties.filter((property) => property.type === 'notice' && property.displayOptions?.show?.operation?.includes('invite'));
		const manual = notices.find((notice) => notice.displayOptions?.show?.mappingMode?.includes('defineBelow'))?.displayName;
		expect(manual).toMatch(/^Each input item invites the candidates in Email: one, or several separated by commas/);
		expect(field('candidate', 'invite', ['email'])).toMatchObject({ required: true, description: expect.stringMatching(/several separated by commas/) });
	});

	it('is the programmatic, tool-usable "Interview Service" node', () => {
		expect(description.name).toBe('interviewService');
		expect(description.displayName).toBe('Interview Service');
		expect(description.usableAsTool).toBe(true);
		expect(description.credentials).toEqual([{ name: 'interviewServiceApi', required: true }]);
	});

	it('offers exactly the fixed resource and operation values', () => {
		const resource = description.properties.find((property) => property.name === 'resource');
		expect((resource?.options as Array<{ value: string }>).map((option) => option.value).sort()).toEqual(
			['access', 'candidate', 'interview', 'result'],
		);
		expect(operationValues('interview')).toEqual(['create', 'get', 'getMany', 'update', 'updateSettings']);
		expect(operationValues('candidate')).toEqual(['cancelScheduled', 'forgetInvited', 'invite']);
		expect(operationValues('result')).toEqual(['getMany']);
		expect(operationValues('access')).toEqual(['createLink', 'createToken']);
	});

	it('exposes the picker search', () => {
		expect(Object.keys(new InterviewService().methods.listSearch)).toEqual(['searchInterviews']);
	});
});
