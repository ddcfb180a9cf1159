import type { INodeProperties } from 'n8n-workflow';

import { INTERVIEW_ID_REGEX } from '../../../../nodes/shared/interviewLocator';
import { InterviewService } from '../../../../nodes/InterviewService/InterviewService.node';

const { description } = new InterviewService();

function operationValues(resource: string): string[] {
	const operation = description.properties.find(
		(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
	) as INodeProperties;
	return (operation.options as Array<{ value: string }>).map((option) => option.value).sort();
}

describe('InterviewService node description', () => {
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

	it('checks interview IDs typed by hand', () => {
		const regex = new RegExp(INTERVIEW_ID_REGEX);
		expect(regex.test('6650f1c2a1b2c3d4e5f60718')).toBe(true);
		expect(regex.test('int_01-ab')).toBe(true);
		expect(regex.test('a/b')).toBe(false);
		expect(regex.test('https://x/i/1')).toBe(false);
	});

	it('exposes the picker search', () => {
		expect(Object.keys(new InterviewService().methods.listSearch)).toEqual(['searchInterviews']);
	});
});
