import { InterviewService } from '../../../../nodes/InterviewService/InterviewService.node';

/** The subtitle expression's body, run as JavaScript (as n8n's expression engine runs it) for a resource and operation. */
function subtitleFor(resource: string, operation: string): unknown {
	const subtitle = String(new InterviewService().description.subtitle);
	const body = subtitle.replace(/^=\{\{/, '').replace(/\}\}$/, '');
	return (new Function('$parameter', `return ${body};`) as (parameter: Record<string, string>) => unknown)({ resource, operation });
}

describe('the canvas subtitle', () => {
	it("is each operation's action in plain words, as the nodes panel lists it", () => {
		const description = new InterviewService().description;
		const operations = description.properties.filter((property) => property.name === 'operation');
		const pairs = operations.flatMap((property) =>
			(property.displayOptions?.show?.resource as string[]).flatMap((resource) =>
				(property.options as Array<{ value: string; action: string }>).map((option) => ({ resource, ...option })),
			),
		);
		expect(pairs).toHaveLength(11);
		for (const { resource, value, action } of pairs) expect(subtitleFor(resource, value)).toBe(action);
		expect(subtitleFor('candidate', 'invite')).toBe('Invite candidates');
		expect(subtitleFor('result', 'getMany')).toBe('Get many results');
	});

	it('falls back to the operation for a pair it does not know', () => {
		expect(subtitleFor('candidate', 'somethingNew')).toBe('somethingNew');
	});
});
