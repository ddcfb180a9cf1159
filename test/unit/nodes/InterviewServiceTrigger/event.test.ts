import { isCompletion, isSelected, normaliseEvent } from '../../../../nodes/InterviewServiceTrigger/event';

const completion = {
	event: 'interview.completed',
	eventId: 'evt_1',
	interviewId: 'int-1',
	candidate: { name: 'Ada', email: 'Ada@Example.com' },
	scores: { interviewScore: 81, communicationScore: 77, codingScore: 90 },
	reportLink: 'https://service.example/reports/r1',
	completedAt: '2026-11-22T03:00:00.000Z',
};

describe('normaliseEvent', () => {
	it('keeps the event and adds interviewId, candidateEmail, eventType and the scores', () => {
		const event = normaliseEvent(completion);
		expect(event.malformed).toBe(false);
		expect(event).toMatchObject({ eventType: 'interview.completed', interviewId: 'int-1', candidateEmail: 'Ada@Example.com' });
		expect(event.json).toMatchObject({
			...completion,
			eventType: 'interview.completed',
			candidateEmail: 'Ada@Example.com',
			interviewScore: 81,
			communicationScore: 77,
			codingScore: 90,
			malformed: false,
		});
		expect(event.json.problems).toBeUndefined();
	});

	it('maps the other score naming (overallScore, technicalScore) to ours', () => {
		const event = normaliseEvent({ ...completion, scores: { overallScore: 70, communicationScore: 60, technicalScore: 50 } });
		expect(event.json).toMatchObject({ interviewScore: 70, communicationScore: 60, codingScore: 50, malformed: false });
		expect(event.json.scores).toEqual({ overallScore: 70, communicationScore: 60, technicalScore: 50 });
	});

	it('reads the type from eventType or type too', () => {
		expect(normaliseEvent({ ...completion, event: undefined, eventType: 'completed' }).eventType).toBe('completed');
		expect(normaliseEvent({ ...completion, event: undefined, type: 'interview.started' }).eventType).toBe('interview.started');
	});

	it('flags missing fields, keeping what is there', () => {
		const event = normaliseEvent({ event: 'interview.completed', scores: null });
		expect(event.malformed).toBe(true);
		expect(event.json).toMatchObject({ event: 'interview.completed', eventType: 'interview.completed', malformed: true });
		expect(event.json.problems).toEqual(['No interviewId', 'No candidate e-mail (candidate.email)']);
	});

	it('flags scores that are not numbers', () => {
		const event = normaliseEvent({ ...completion, scores: { interviewScore: 'high' } });
		expect(event.malformed).toBe(true);
		expect(event.json.problems).toEqual(['The scores are not numbers']);
	});

	it('parses a JSON body that arrived as text (sent without application/json)', () => {
		const event = normaliseEvent(JSON.stringify(completion));
		expect(event.malformed).toBe(false);
		expect(event.interviewId).toBe('int-1');
		const fromRaw = normaliseEvent({}, Buffer.from(JSON.stringify(completion)));
		expect(fromRaw.candidateEmail).toBe('Ada@Example.com');
	});

	it('yields the raw body and a flag for a body that is not JSON, without throwing', () => {
		const event = normaliseEvent('<xml>not json</xml>');
		expect(event.malformed).toBe(true);
		expect(event.eventType).toBeUndefined();
		expect(event.json).toEqual({ body: '<xml>not json</xml>', malformed: true, problems: ['The body is not JSON'] });
	});

	it('flags JSON that is not an object, and an empty body', () => {
		expect(normaliseEvent('[1,2]').json).toEqual({ body: '[1,2]', malformed: true, problems: ['The body is JSON but not an object'] });
		expect(normaliseEvent({}, Buffer.alloc(0)).json).toEqual({ body: null, malformed: true, problems: ['The request has no body'] });
		expect(normaliseEvent(undefined).malformed).toBe(true);
	});
});

describe('event selection', () => {
	it('counts interview.completed and similar as a completion', () => {
		expect(isCompletion('interview.completed')).toBe(true);
		expect(isCompletion('completed')).toBe(true);
		expect(isCompletion('CANDIDATE_COMPLETED')).toBe(true);
		expect(isCompletion('interview.started')).toBe(false);
		expect(isCompletion('incompleted')).toBe(false);
	});

	it('passes completions for "completed", everything for "*"', () => {
		expect(isSelected(['completed'], 'interview.completed')).toBe(true);
		expect(isSelected(['completed'], 'interview.started')).toBe(false);
		expect(isSelected(['*'], 'interview.started')).toBe(true);
		expect(isSelected([], 'interview.completed')).toBe(false);
	});

	it('passes an event whose type cannot be read, so it is seen (flagged) rather than lost', () => {
		expect(isSelected(['completed'], undefined)).toBe(true);
	});
});
