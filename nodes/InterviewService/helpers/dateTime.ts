const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(utcMs));
	const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
	const wallAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
	return wallAsUtc - Math.floor(utcMs / 1000) * 1000;
}

function localToUtc(wallAsUtc: number, timeZone: string): number {
	try {
		const firstGuess = wallAsUtc - zoneOffsetMs(wallAsUtc, timeZone);
		return wallAsUtc - zoneOffsetMs(firstGuess, timeZone);
	} catch {
		return wallAsUtc;
	}
}

/**
 * The API wants ISO date-times with an offset. n8n's date picker gives a wall-clock time without
 * one, and expressions may give a Luxon DateTime or a Date: all become an ISO string, a time
 * without offset being read in the workflow's time zone. Anything else is returned unchanged for
 * the schema to reject.
 */
export function toIsoDateTime(value: unknown, timeZone: string): unknown {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : value.toISOString();
	if (typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return (value as { toISO: () => string }).toISO();
	}
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (HAS_OFFSET.test(text)) return text;
	const local = LOCAL_DATE_TIME.exec(text);
	if (!local) return text;
	const [, year, month, day, hour = '0', minute = '0', second = '0', millis = '0'] = local;
	const wallAsUtc = Date.UTC(
		Number(year),
		Number(month) - 1,
		Number(day),
		Number(hour),
		Number(minute),
		Number(second),
		Number(millis.padEnd(3, '0')),
	);
	return new Date(localToUtc(wallAsUtc, timeZone)).toISOString();
}
