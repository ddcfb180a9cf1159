/**
 * Jest's node environment, plus: what n8n logged during a test (n8nLogKeptPerTest.ts) is printed
 * when that test fails, and dropped when it passes.
 */
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

export interface LogKeepingGlobal {
	n8nLogOfTest?: string[];
}

export default class FailedTestLogEnvironment extends TestEnvironment {
	handleTestEvent(event: Circus.Event): void {
		const kept = this.global as LogKeepingGlobal;
		if (event.name === 'test_start') kept.n8nLogOfTest = [];
		if (event.name === 'test_done' && event.test.errors.length > 0 && (kept.n8nLogOfTest ?? []).length > 0) {
			process.stderr.write(`\nn8n's log during the failed test "${event.test.name}":\n${(kept.n8nLogOfTest ?? []).join('\n')}\n`);
		}
	}
}
