import * as updateOperation from '../../../../../../nodes/InterviewService/actions/interview/update';
import { asExecute, BASE_URL, byId, mockContext } from '../../mockContext';

const execute = asExecute(updateOperation);

const answer = { interviewId: 'int_1', roleName: 'R', slug: 's', isPublished: false, metaData: {}, competencyData: [] };

describe('interview → update', () => {
	it('patches the given fields, competencies sent with their name as `name`', async () => {
		const mock = mockContext({
			parameters: {
				interviewId: byId('int_1'),
				updateFields: {
					roleName: 'Senior Engineer',
					published: false,
					competencies: {
						competency: [
							{ name: 'System design', explanation: '', questionCount: 2, time: 10, difficulty: 'medium', questionType: 'scenario_based' },
						],
					},
				},
			},
			respond: () => answer,
		});
		const output = await execute.call(mock.context);
		expect(mock.requests).toEqual([
			{
				method: 'PATCH',
				url: `${BASE_URL}/api/v1/interview/int_1/update-interview`,
				body: {
					roleName: 'Senior Engineer',
					published: false,
					competencyData: [{ name: 'System design', questionCount: 2, time: 10, difficulty: 'medium', questionType: 'scenario_based' }],
				},
			},
		]);
		expect(output[0].json).toEqual(answer);
	});

	it.each([
		['no field to change', {}, /^Update Fields must hold at least one field/],
		['a competency without a name', { competencies: { competency: [{ name: ' ', questionCount: 1 }] } }, /^Competencies → Name is required/],
		['a negative question count', { competencies: { competency: [{ name: 'A', questionCount: -2 }] } }, /^Competencies → Question Count must be 0 or more/],
		['min above max experience', { minExperience: 4, maxExperience: 1 }, /^Min Experience must not be greater/],
		['metadata that is an array', { metaData: '[]' }, /^Metadata must be a JSON object/],
	])('rejects %s before any request', async (_case, updateFields, message) => {
		const mock = mockContext({ parameters: { interviewId: byId('int_1'), updateFields }, respond: () => answer });
		await expect(execute.call(mock.context)).rejects.toThrow(message);
		expect(mock.requests).toHaveLength(0);
	});

	it('requires an interview', async () => {
		const mock = mockContext({ parameters: { interviewId: byId(''), updateFields: { roleName: 'R' } } });
		await expect(execute.call(mock.context)).rejects.toThrow('Interview is required (item 0)');
	});
});
