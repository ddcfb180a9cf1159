import { operations, router } from '../../../../../nodes/InterviewService/actions/router';
import { mockContext } from '../mockContext';

describe('router', () => {
	it('routes exactly the resource/operation values of issue 3', () => {
		const pairs = Object.entries(operations).flatMap(([resource, byOperation]) =>
			Object.keys(byOperation).map((operation) => `${resource}:${operation}`),
		);
		expect(pairs.sort()).toEqual(
			[
				'interview:create',
				'interview:get',
				'interview:getMany',
				'interview:update',
				'interview:updateSettings',
				'candidate:invite',
				'candidate:cancelScheduled',
				'result:getMany',
				'access:createToken',
				'access:createLink',
			].sort(),
		);
	});

	it('refuses an unknown operation', async () => {
		const { context } = mockContext({ parameters: { resource: 'interview', operation: 'delete' } });
		await expect(router.call(context)).rejects.toThrow('The operation "delete" of "interview" is not supported');
	});
});
