import { kindOfEventType, isCompletion, isSelected, words } from '../../../../nodes/InterviewServiceTrigger/eventKind';

describe('event kind, one tokenising rule for every naming style', () => {
	it('splits camelCase, PascalCase, acronyms and separators into lower-case words', () => {
		expect(words('candidateInterviewCompleted')).toEqual(['candidate', 'interview', 'completed']);
		expect(words('INTERVIEW_COMPLETED')).toEqual(['interview', 'completed']);
		expect(words('HTTPInterviewCompleted')).toEqual(['http', 'interview', 'completed']);
		expect(words('interview:completed / v2')).toEqual(['interview', 'completed', 'v2']);
	});

	const TABLE: Array<[string, ReturnType<typeof kindOfEventType>]> = [
		// completions
		['interview.completed', 'completed'],
		['interview_completed', 'completed'],
		['INTERVIEW_COMPLETED', 'completed'],
		['InterviewCompleted', 'completed'],
		['candidateInterviewCompleted', 'completed'],
		['CandidateInterviewCompleted', 'completed'],
		['candidate.interview.completed', 'completed'],
		['interview-completed', 'completed'],
		['interview:completed', 'completed'],
		['completed', 'completed'],
		['COMPLETED', 'completed'],
		['candidate_completed', 'completed'],
		// cheat probability
		['cheatProbabilityMarked', 'cheatProbabilityMarked'],
		['CHEAT_PROBABILITY_MARKED', 'cheatProbabilityMarked'],
		['candidate.cheat.probability.marked', 'cheatProbabilityMarked'],
		['interview-cheat-probability-marked', 'cheatProbabilityMarked'],
		// neither
		['interview.started', undefined],
		['completedAt', undefined],
		['incomplete', undefined],
		['incompleted', undefined],
		['interviewCompletedAt', undefined],
		['completed.interview', undefined],
		['interview.completion', undefined],
		['probabilityMarked', undefined],
		['cheatProbability', undefined],
		['marked', undefined],
		['uncompleted', undefined],
		['', undefined],
	];

	it.each(TABLE)('%p is %p', (name, kind) => {
		expect(kindOfEventType(name)).toBe(kind);
		expect(isCompletion(name)).toBe(kind === 'completed');
	});

	it('the table holds at least 20 names, both ways', () => {
		expect(TABLE.length).toBeGreaterThanOrEqual(20);
		expect(TABLE.filter(([, kind]) => kind === 'completed').length).toBeGreaterThanOrEqual(8);
		expect(TABLE.filter(([, kind]) => kind === undefined).length).toBeGreaterThanOrEqual(8);
	});
});

describe('event selection', () => {
	it('passes each kind only when selected, everything for "*"', () => {
		expect(isSelected(['completed'], 'candidateInterviewCompleted')).toBe(true);
		expect(isSelected(['completed'], 'cheatProbabilityMarked')).toBe(false);
		expect(isSelected(['cheatProbabilityMarked'], 'cheatProbabilityMarked')).toBe(true);
		expect(isSelected(['cheatProbabilityMarked'], 'interview.completed')).toBe(false);
		expect(isSelected(['completed', 'cheatProbabilityMarked'], 'CHEAT_PROBABILITY_MARKED')).toBe(true);
		expect(isSelected(['completed'], 'interview.started')).toBe(false);
		expect(isSelected(['*'], 'interview.started')).toBe(true);
		expect(isSelected([], 'interview.completed')).toBe(false);
	});

	it('passes an event whose type cannot be read, so it is seen (flagged) rather than lost', () => {
		expect(isSelected(['completed'], undefined)).toBe(true);
	});
});
