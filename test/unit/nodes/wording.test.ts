import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { InterviewServiceApi } from '../../../credentials/InterviewServiceApi.credentials';
import { InterviewService } from '../../../nodes/InterviewService/InterviewService.node';
import { InterviewServiceResultsTrigger } from '../../../nodes/InterviewServiceResultsTrigger/InterviewServiceResultsTrigger.node';
import { InterviewServiceTrigger } from '../../../nodes/InterviewServiceTrigger/InterviewServiceTrigger.node';

type Described = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every text the editor shows for these properties: labels, descriptions, placeholders, notices, option names. */
function shownTexts(properties: Described[]): string[] {
	return properties.flatMap((property) => {
		const own = ['displayName', 'name', 'description', 'placeholder', 'hint', 'action']
			.filter((key) => key !== 'name' || !('type' in property))
			.map((key) => (property as unknown as Record<string, unknown>)[key])
			.filter((text): text is string => typeof text === 'string');
		const nested = 'options' in property && Array.isArray(property.options) ? shownTexts(property.options as Described[]) : [];
		const values = 'values' in property && Array.isArray(property.values) ? shownTexts(property.values) : [];
		return [...own, ...nested, ...values];
	});
}

const NODES = [new InterviewService(), new InterviewServiceTrigger(), new InterviewServiceResultsTrigger()];
const texts = [...NODES.flatMap((node) => [node.description.description, ...shownTexts(node.description.properties)]), ...shownTexts(new InterviewServiceApi().properties)];

describe('editor texts are for no-code users', () => {
	it.each([
		['a wire name of an event', /candidateInterviewCompleted|cheatProbabilityMarked|interview\.completed/],
		['an output field of the raw answer', /resultRaw/],
		['an HTTP status instead of words', /\(\d{3}\)/],
		['a design note', /webhook slot|assumed for the service/],
		['a button that says it renames', /^Rename Field$/],
		['a fixed address of the demo\'s sandbox, wrong when the demo runs on another port', /:4010\b/],
	])('no text holds %s', (_what, pattern) => {
		expect(texts.filter((text) => pattern.test(text))).toEqual([]);
	});

	it("Request Options' add button differs from that of Options, shown just above it", () => {
		const placeholderOf = (name: string) => new InterviewService().description.properties.filter((property) => property.name === name).map((property) => property.placeholder);
		expect(new Set(placeholderOf('options'))).toEqual(new Set(['Add Option']));
		expect(placeholderOf('requestOptions')).toEqual(['Add Request Option']);
	});
});
