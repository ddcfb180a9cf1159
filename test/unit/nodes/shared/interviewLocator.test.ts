import type { IPollFunctions } from 'n8n-workflow';

import { interviewLocator, isInterviewId, triggerInterviewId } from '../../../../nodes/shared/interviewLocator';

/** A trigger's context holding `picked` as n8n saves the picker. */
function triggerWith(picked: { mode: string; value: string }): IPollFunctions {
	return {
		getNode: () => ({ name: 'Trigger' }),
		getNodeParameter: (_name: string, _fallback: unknown, options?: { extractValue?: boolean }) => (options?.extractValue ? picked.value : { __rl: true, ...picked }),
	} as unknown as IPollFunctions;
}

describe('the interview picker', () => {
	it('leaves By ID to our code: n8n 2.x runs a mode\'s validation regex under a 250 ms timeout before each execution', () => {
		expect(interviewLocator.modes?.find((mode) => mode.name === 'id')?.validation).toBeUndefined();
	});

	it('takes letters, digits, "-" and "_", and refuses what could never be an ID', () => {
		expect(['6650f1c2a1b2c3d4e5f60718', 'int_01-ab', '42'].map(isInterviewId)).toEqual([true, true, true]);
		expect(['a/b', 'https://x/i/1', 'not an id', '-a', ''].map(isInterviewId)).toEqual([false, false, false, false, false]);
	});

	it('a trigger refuses a typed ID that cannot be one, and takes one picked from the list as listed', () => {
		expect(() => triggerInterviewId(triggerWith({ mode: 'id', value: 'a/b' }))).toThrow('The "Interview" field is not a valid interview ID: "a/b" (use letters, digits, "-" or "_")');
		expect(triggerInterviewId(triggerWith({ mode: 'id', value: ' int_7 ' }))).toBe('int_7');
		expect(triggerInterviewId(triggerWith({ mode: 'list', value: 'v2.int' }))).toBe('v2.int');
		expect(() => triggerInterviewId(triggerWith({ mode: 'id', value: '' }))).toThrow('Choose an interview in the "Interview" field');
	});
});
