import { toIsoDateTime } from '../../../../../nodes/InterviewService/helpers/parameters';

describe('toIsoDateTime', () => {
	it('keeps a time that has an offset', () => {
		expect(toIsoDateTime('2026-01-31T09:00:00+05:30', 'UTC')).toBe('2026-01-31T09:00:00+05:30');
		expect(toIsoDateTime('2026-01-31T09:00:00Z', 'Europe/Berlin')).toBe('2026-01-31T09:00:00Z');
	});

	it('reads the picker\'s wall-clock time in the workflow time zone', () => {
		expect(toIsoDateTime('2026-01-31T09:00:00', 'UTC')).toBe('2026-01-31T09:00:00.000Z');
		expect(toIsoDateTime('2026-01-31T09:00:00', 'Europe/Berlin')).toBe('2026-01-31T08:00:00.000Z');
		expect(toIsoDateTime('2026-07-31T09:00:00', 'Europe/Berlin')).toBe('2026-07-31T07:00:00.000Z');
		expect(toIsoDateTime('2026-01-31T09:00:00', 'America/New_York')).toBe('2026-01-31T14:00:00.000Z');
	});

	it('falls back to UTC for an unknown time zone', () => {
		expect(toIsoDateTime('2026-01-31T09:00:00', 'Not/AZone')).toBe('2026-01-31T09:00:00.000Z');
	});

	it('accepts Date and Luxon-like values from expressions', () => {
		expect(toIsoDateTime(new Date('2026-01-31T09:00:00Z'), 'UTC')).toBe('2026-01-31T09:00:00.000Z');
		expect(toIsoDateTime({ toISO: () => '2026-01-31T09:00:00.000+01:00' }, 'UTC')).toBe('2026-01-31T09:00:00.000+01:00');
	});

	it('leaves anything else for the schema to reject', () => {
		expect(toIsoDateTime('tomorrow', 'UTC')).toBe('tomorrow');
		expect(toIsoDateTime(42, 'UTC')).toBe(42);
	});
});
