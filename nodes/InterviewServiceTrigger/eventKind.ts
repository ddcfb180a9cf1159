/**
 * Which kind of event a type name stands for, in whatever naming style the sender uses
 * (`interview.completed`, `INTERVIEW_COMPLETED`, `candidateInterviewCompleted`, ...). One rule:
 * split the name into lower-case words, then compare its last words with each kind's words.
 */

/** Option values of the Events parameter. Released values never change. */
export const COMPLETED_EVENT = 'completed';
export const CHEAT_PROBABILITY_MARKED_EVENT = 'cheatProbabilityMarked';
export const ANY_EVENT = '*';

export type EventKind = typeof COMPLETED_EVENT | typeof CHEAT_PROBABILITY_MARKED_EVENT;

/** The words a type name ends with, per kind. The service's own names are `candidateInterviewCompleted` and `cheatProbabilityMarked`. */
const KIND_WORDS: Record<EventKind, string[]> = {
	[COMPLETED_EVENT]: ['completed'],
	[CHEAT_PROBABILITY_MARKED_EVENT]: ['cheat', 'probability', 'marked'],
};

/** What the answer to an ignored event calls each kind. */
export const KIND_LABELS: Record<EventKind, string> = {
	[COMPLETED_EVENT]: 'Interview Completed',
	[CHEAT_PROBABILITY_MARKED_EVENT]: 'Cheat Probability Marked',
};

/**
 * Lower-case words of a name: split at `.`, `_`, `-`, `:`, `/`, spaces, and at camelCase humps
 * (`candidateInterviewCompleted`, `HTTPRequestDone` → `http`, `request`, `done`).
 */
export function words(name: string): string[] {
	return name
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.split(/[\s._:/-]+/)
		.filter((word) => word !== '')
		.map((word) => word.toLowerCase());
}

const endsWith = (actual: string[], ending: string[]) =>
	actual.length >= ending.length && ending.every((word, index) => actual[actual.length - ending.length + index] === word);

/** The kind a type name stands for; undefined for a kind this node does not know (e.g. `interview.started`). */
export function kindOfEventType(eventType: string): EventKind | undefined {
	const nameWords = words(eventType);
	return (Object.keys(KIND_WORDS) as EventKind[]).find((kind) => endsWith(nameWords, KIND_WORDS[kind]));
}

export const isCompletion = (eventType: string): boolean => kindOfEventType(eventType) === COMPLETED_EVENT;

/**
 * Whether the node passes the event on. An event whose type cannot be read is passed on (flagged
 * `malformed`) rather than dropped, so that a change of payload shows up instead of going silent.
 */
export function isSelected(selectedEvents: string[], eventType: string | undefined): boolean {
	if (eventType === undefined || selectedEvents.includes(ANY_EVENT)) return true;
	const kind = kindOfEventType(eventType);
	return kind !== undefined && selectedEvents.includes(kind);
}
