import { toExecutionData } from '../../../../../nodes/InterviewService/helpers/pairedOutput';

describe('toExecutionData', () => {
	it('orders outcomes by input item', () => {
		const output = toExecutionData([
			{ itemIndex: 2, json: [{ n: 2 }] },
			{ itemIndex: 0, json: [{ n: 0 }] },
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
	});
});
