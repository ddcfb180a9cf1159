import { kindOfEventType, readEvent, words } from '../../../../nodes/InterviewServiceTrigger/event';
import { isSelected, shapedEvent as shapedWithKey } from '../../../../nodes/InterviewServiceTrigger/webhook';
import { completionKey } from '../../../../nodes/shared/results';

/** The delivery's repeat-memory key, which the completion key falls back on. */
const DELIVERY = 'k-delivery-1';
const shapedEvent = (event: ReturnType<typeof readEvent>, lookup?: Parameters<typeof shapedWithKey>[2]) => shapedWithKey(event, DELIVERY, lookup);

const completion = {
	event: 'interview.completed',
	eventId: 'evt_1',
	interviewId: 'int-1',
	candidate: { name: 'Ada', email: 'Ada@Example.com' },
	scores: { interviewScore: 81, communicationScore: 77, codingScore: 90 },
	reportLink: 'https://service.example/reports/r1',
	completedAt: '2026-11-22T03:00:00.000Z',
};

describe('readEvent', () => {
	it('reads the type, interviewId, the candidate and the scores', () => {
		expect(readEvent(completion)).toMatchObject({
			eventType: 'interview.completed',
			interviewId: 'int-1',
			candidateEmail: 'Ada@Example.com',
			candidateName: 'Ada',
			scores: { interviewScore: 81, communicationScore: 77, codingScore: 90 },
			malformed: false,
			problems: [],
		});
	});

	it('maps the other score naming (overallScore, technicalScore) to ours', () => {
		const event = readEvent({ ...completion, scores: { overallScore: 70, communicationScore: 60, technicalScore: 50 } });
		expect(event).toMatchObject({ scores: { interviewScore: 70, communicationScore: 60, codingScore: 50 }, malformed: false });
	});

	it('reads the type from eventType or type too', () => {
		expect(readEvent({ ...completion, event: undefined, eventType: 'completed' }).eventType).toBe('completed');
		expect(readEvent({ ...completion, event: undefined, type: 'interview.started' }).eventType).toBe('interview.started');
	});

	it('flags missing fields, keeping what is there', () => {
		const event = readEvent({ event: 'interview.completed', scores: null });
		expect(event).toMatchObject({ eventType: 'interview.completed', malformed: true, problems: ['No interviewId', 'No candidate e-mail'] });
	});

	it('flags scores that are not numbers', () => {
		const event = readEvent({ ...completion, scores: { interviewScore: 'high' } });
		expect(event).toMatchObject({ malformed: true, problems: ['The scores are not numbers'] });
	});

	it('parses a JSON body that arrived as text (sent without application/json)', () => {
		const event = readEvent(JSON.stringify(completion));
		expect(event.malformed).toBe(false);
		expect(event.interviewId).toBe('int-1');
		const fromRaw = readEvent({}, Buffer.from(JSON.stringify(completion)));
		expect(fromRaw.candidateEmail).toBe('Ada@Example.com');
	});

	it('yields the raw body and a flag for a body that is not JSON, without throwing', () => {
		expect(readEvent('<xml>not json</xml>')).toEqual({ malformed: true, problems: ['The body is not JSON'], other: '<xml>not json</xml>' });
	});

	it('flags JSON that is not an object, and an empty body', () => {
		expect(readEvent('[1,2]')).toEqual({ malformed: true, problems: ['The body is JSON but not an object'], other: '[1,2]' });
		expect(readEvent({}, Buffer.alloc(0))).toEqual({ malformed: true, problems: ['The request has no body'] });
		expect(readEvent(undefined).malformed).toBe(true);
	});
});

describe('readEvent, in every envelope', () => {
	/** The same completion, as each sender shape carries it. */
	const inner = {
		interviewId: 'int-1',
		candidate: { name: 'Ada', email: 'Ada@Example.com' },
		scores: { interviewScore: 81, communicationScore: 77, codingScore: 90 },
		reportLink: 'https://service.example/reports/r1',
		completedAt: '2026-11-22T03:00:00.000Z',
	};
	const snake = {
		interview_id: 'int-1',
		candidate_email: 'Ada@Example.com',
		candidate_name: 'Ada',
		scores: { overallScore: 81, communicationScore: 77, technicalScore: 90 },
		report_link: 'https://service.example/reports/r1',
		completed_at: '2026-11-22T03:00:00.000Z',
	};
	const SHAPES: Array<[string, Record<string, unknown>]> = [
		['flat (the sandbox default)', completion],
		['typed, nested camelCase', { type: 'candidateInterviewCompleted', deliveryId: 'd1', data: inner }],
		['{event, data}', { event: 'interview.completed', data: inner }],
		['{event_type, payload} in snake_case', { event_type: 'INTERVIEW_COMPLETED', payload: snake }],
		['{name, object} with interview.id and loose e-mail', {
			name: 'InterviewCompleted',
			object: { interview: { id: 'int-1' }, email: 'Ada@Example.com', candidateName: 'Ada', overallScore: 81, communicationScore: 77, technicalScore: 90, report_link: 'https://service.example/reports/r1', timestamp: '2026-11-22T03:00:00.000Z' },
		}],
		['type inside the envelope', { id: 'evt_9', data: { eventType: 'candidate.interview.completed', ...inner } }],
	];

	it.each(SHAPES)('%s gives the same normalised fields', (_shape, body) => {
		expect(readEvent(body)).toMatchObject({
			eventKind: 'completed',
			interviewId: 'int-1',
			candidateEmail: 'Ada@Example.com',
			candidateName: 'Ada',
			completedAt: '2026-11-22T03:00:00.000Z',
			reportLink: 'https://service.example/reports/r1',
			scores: { interviewScore: 81, communicationScore: 77, codingScore: 90 },
			malformed: false,
			problems: [],
		});
	});

	it('reads the top level before the envelope', () => {
		const event = readEvent({ event: 'interview.completed', interviewId: 'top', data: { interviewId: 'nested', event: 'x', email: 'a@b.c' } });
		expect(event).toMatchObject({ eventType: 'interview.completed', interviewId: 'top', candidateEmail: 'a@b.c' });
	});

	it('does not take a candidate name with spaces for the event type', () => {
		const event = readEvent({ data: { name: 'Ada Lovelace', email: 'a@b.c', interviewId: 'i' } });
		expect(event.eventType).toBeUndefined();
		expect(event).toMatchObject({ candidateName: 'Ada Lovelace', malformed: true, problems: ['No event type (event, type, eventType, event_type, name)'] });
	});

	it('does not take the type read from `name` for the candidate name', () => {
		const event = readEvent({ name: 'candidateInterviewCompleted', data: { candidate: { email: 'a@b.c' }, interviewId: 'i' } });
		expect(event.eventKind).toBe('completed');
		expect(event.candidateName).toBeUndefined();
	});
});

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
	});

	it('the table holds at least 20 names, both ways', () => {
		expect(TABLE.length).toBeGreaterThanOrEqual(20);
		expect(TABLE.filter(([, kind]) => kind === 'completed').length).toBeGreaterThanOrEqual(8);
		expect(TABLE.filter(([, kind]) => kind === undefined).length).toBeGreaterThanOrEqual(8);
	});
});

describe('event selection (the trigger\'s Events)', () => {
	/** Whether Events pass an event of this type, read as the trigger reads it. */
	const passes = (events: string[], type: string | undefined) => isSelected(events, readEvent({ event: type, interviewId: 'i' }));

	it('passes each kind only when selected, everything for "*"', () => {
		expect(passes(['completed'], 'candidateInterviewCompleted')).toBe(true);
		expect(passes(['completed'], 'cheatProbabilityMarked')).toBe(false);
		expect(passes(['cheatProbabilityMarked'], 'cheatProbabilityMarked')).toBe(true);
		expect(passes(['cheatProbabilityMarked'], 'interview.completed')).toBe(false);
		expect(passes(['completed', 'cheatProbabilityMarked'], 'CHEAT_PROBABILITY_MARKED')).toBe(true);
		expect(passes(['completed'], 'interview.started')).toBe(false);
		expect(passes(['*'], 'interview.started')).toBe(true);
		expect(passes([], 'interview.completed')).toBe(false);
	});

	it('passes an event whose type cannot be read, so it is seen (flagged) rather than lost', () => {
		expect(passes(['completed'], undefined)).toBe(true);
		expect(isSelected(['completed'], readEvent('not json'))).toBe(true);
	});
});

describe('shapedEvent: one shape, each value once', () => {
	const ADA = { email: 'Ada@Example.com', name: 'Ada' };
	const SCORES = { interviewScore: 81, communicationScore: 77, codingScore: 90 };
	const LINK = 'https://service.example/reports/r1';
	const AT = '2026-11-22T03:00:00.000Z';

	it('gives a flat sandbox event the documented fields, and nothing under other', () => {
		expect(shapedEvent(readEvent(completion))).toEqual({
			eventType: 'interview.completed',
			eventKind: 'completed',
			interviewId: 'int-1',
			candidate: ADA,
			scores: SCORES,
			reportLink: LINK,
			completedAt: AT,
			completionKey: completionKey('int-1', 'ada@example.com', Date.parse(AT), 'unused'),
			deliveryId: 'evt_1',
			malformed: false,
		});
	});

	it('keeps what it did not read from an envelope under other, with its nesting, and none of the values it read', () => {
		const body = {
			type: 'candidateInterviewCompleted',
			deliveryId: 'd1',
			sentAt: '2026-11-22T03:00:01.000Z',
			data: {
				interviewId: 'int-1',
				candidate: { ...ADA, phone: '+1 555' },
				scores: { ...SCORES, cheatProbability: 0.1 },
				reportLink: LINK,
				completedAt: AT,
				attempt: { number: 2 },
			},
		};
		const item = shapedEvent(readEvent(body));
		expect(item).toMatchObject({ eventType: 'candidateInterviewCompleted', interviewId: 'int-1', candidate: ADA, scores: SCORES, deliveryId: 'd1' });
		expect(item.other).toEqual({
			sentAt: '2026-11-22T03:00:01.000Z',
			data: { candidate: { phone: '+1 555' }, scores: { cheatProbability: 0.1 }, attempt: { number: 2 } },
		});
		// Each normalised value appears once in the whole item.
		expect(JSON.stringify(item).split(LINK)).toHaveLength(2);
		expect(JSON.stringify(item).split('"interviewScore":81')).toHaveLength(2);
		// The body is left as received.
		expect(body.data.candidate).toEqual({ ...ADA, phone: '+1 555' });
	});

	it('drops a value the sender repeated in the envelope, and keeps one that differs from what was read', () => {
		const item = shapedEvent(readEvent({ event: 'interview.completed', interviewId: 'top', data: { interviewId: 'top', email: 'a@b.c' }, object: { interviewId: 'nested' } }));
		expect(item).toMatchObject({ interviewId: 'top', candidate: { email: 'a@b.c', name: null } });
		expect(item.other).toEqual({ object: { interviewId: 'nested' } });
	});

	it('gives scores under the other naming (overallScore, technicalScore) our names, once', () => {
		const item = shapedEvent(readEvent({ ...completion, scores: { overallScore: 70, communicationScore: 60, technicalScore: 50 } }));
		expect(item.scores).toEqual({ interviewScore: 70, communicationScore: 60, codingScore: 50 });
		expect(item).not.toHaveProperty('other');
	});

	it('keeps scores it could not read under other, flagged', () => {
		const item = shapedEvent(readEvent({ ...completion, scores: { interviewScore: 'high' } }));
		expect(item).toMatchObject({ malformed: true, problems: ['The scores are not numbers'], scores: { interviewScore: null, communicationScore: null, codingScore: null } });
		expect(item.other).toEqual({ scores: { interviewScore: 'high' } });
	});

	it('still gives a body that is not JSON, flagged, with the body as received under other', () => {
		expect(shapedEvent(readEvent('<xml>not json</xml>'))).toEqual({
			eventType: null,
			eventKind: null,
			interviewId: null,
			candidate: { email: null, name: null },
			scores: { interviewScore: null, communicationScore: null, codingScore: null },
			reportLink: null,
			completedAt: null,
			completionKey: completionKey(null, null, undefined, DELIVERY),
			malformed: true,
			problems: ['The body is not JSON'],
			other: '<xml>not json</xml>',
		});
		expect(shapedEvent(readEvent({}, Buffer.alloc(0)))).toMatchObject({ malformed: true, problems: ['The request has no body'] });
		expect(shapedEvent(readEvent({}, Buffer.alloc(0)))).not.toHaveProperty('other');
	});

	it('flags a JSON event with no type, keeping its fields', () => {
		const item = shapedEvent(readEvent({ data: { name: 'Ada Lovelace', email: 'a@b.c', interviewId: 'i', status: 'done' } }));
		expect(item).toMatchObject({ eventType: null, eventKind: null, candidate: { email: 'a@b.c', name: 'Ada Lovelace' }, malformed: true });
		expect(item.problems).toEqual(['No event type (event, type, eventType, event_type, name)']);
		expect(item.other).toEqual({ data: { status: 'done' } });
	});

	describe('with Include Result', () => {
		const event = readEvent({ event: 'interview.completed', interviewId: 'int-1', candidate: { email: 'ada@example.com' }, scores: { interviewScore: 70 } });
		const row = {
			interviewId: 'int-1',
			candidate: { email: 'ADA@example.com', name: 'Ada Lovelace' },
			scores: { overallScore: 81, communicationScore: 77, technicalScore: 90 },
			reportLink: LINK,
			completedAt: AT,
			metaData: { atsId: 'A-1' },
		};

		it('found: the row fills the same fields and wins over the event; its metaData comes once', () => {
			expect(shapedEvent(event, { row })).toEqual({
				eventType: 'interview.completed',
				eventKind: 'completed',
				interviewId: 'int-1',
				candidate: { email: 'ada@example.com', name: 'Ada Lovelace' },
				scores: SCORES,
				reportLink: LINK,
				completedAt: AT,
				completionKey: completionKey('int-1', 'ada@example.com', Date.parse(AT), 'unused'),
				metaData: { atsId: 'A-1' },
				malformed: false,
			});
		});

		it('found, the row lacking a value: the event\'s stays', () => {
			const item = shapedEvent(event, { row: { candidate: { email: 'ada@example.com' }, scores: { interviewScore: null, communicationScore: 5 } } });
			expect(item).toMatchObject({ scores: { interviewScore: 70, communicationScore: 5, codingScore: null }, reportLink: null, metaData: {} });
			expect(item).not.toHaveProperty('resultError');
		});

		it('not found, or failed: the event\'s fields, metaData null and resultError saying why', () => {
			expect(shapedEvent(event, { error: 'No result for this candidate yet' })).toEqual({
				eventType: 'interview.completed',
				eventKind: 'completed',
				interviewId: 'int-1',
				candidate: { email: 'ada@example.com', name: null },
				scores: { interviewScore: 70, communicationScore: null, codingScore: null },
				reportLink: null,
				completedAt: null,
				completionKey: completionKey(null, null, undefined, DELIVERY),
				metaData: null,
				malformed: false,
				resultError: 'No result for this candidate yet',
			});
			expect(shapedEvent(event, { error: 'The service did not answer' })).toMatchObject({ metaData: null, resultError: 'The service did not answer' });
		});
	});
});

describe('completionKey: one text per completion, whoever reads it', () => {
	const AT = '2026-11-22T03:00:00.000Z';
	const keyOf = (body: unknown, delivery = DELIVERY) => shapedWithKey(readEvent(body), delivery).completionKey;
	const flatKey = keyOf(completion);

	it('is the same for every copy and every dialect of one completion, and for its results row', () => {
		expect(flatKey).toMatch(/^[0-9a-f]{32}$/);
		// Another delivery id, the e-mail in another case, the instant written with an offset.
		expect(keyOf({ ...completion, eventId: 'evt_2', candidate: { email: ' ada@example.COM ' }, completedAt: '2026-11-22T04:00:00+01:00' }, 'k-other')).toBe(flatKey);
		const { interviewId, candidate, scores, reportLink, completedAt } = completion;
		expect(keyOf({ type: 'candidateInterviewCompleted', deliveryId: 'd-9', data: { interviewId, candidate, scores, reportLink, completedAt } }, 'k-typed')).toBe(flatKey);
		expect(keyOf({ event: 'interview_completed', data: { interview_id: interviewId, candidate_email: candidate.email, completed_at: completedAt } }, 'k-snake')).toBe(flatKey);
		// What the Results Trigger computes for the row of the same completion.
		expect(completionKey('int-1', 'ADA@example.com', Date.parse(AT), 'int-1 row')).toBe(flatKey);
	});

	it('differs for a second attempt by the same candidate, another candidate and another interview', () => {
		const keys = [
			flatKey,
			keyOf({ ...completion, completedAt: '2026-11-23T03:00:00.000Z' }),
			keyOf({ ...completion, candidate: { email: 'bob@example.com' } }),
			keyOf({ ...completion, interviewId: 'int-2' }),
		];
		expect(new Set(keys).size).toBe(4);
	});

	it('without a completion time, is the delivery\'s unless Include Result\'s row gives the time', () => {
		const { completedAt: _left, ...untimed } = completion;
		expect(keyOf(untimed)).toBe(completionKey(undefined, undefined, undefined, DELIVERY));
		expect(keyOf(untimed)).not.toBe(keyOf(untimed, 'k-delivery-2'));
		expect(keyOf({ ...completion, completedAt: 'yesterday' })).toBe(keyOf(untimed));
		const row = { interviewId: 'int-1', candidate: { email: 'ada@example.com' }, completedAt: AT };
		expect(shapedWithKey(readEvent(untimed), DELIVERY, { row }).completionKey).toBe(flatKey);
	});

	it('without an interview or an e-mail, is the delivery\'s', () => {
		const { interviewId: _id, ...noInterview } = completion;
		expect(keyOf(noInterview)).toBe(completionKey(undefined, undefined, undefined, DELIVERY));
		expect(keyOf({ ...completion, candidate: { name: 'Ada' } })).toBe(keyOf(noInterview));
	});
});
