/**
 * n8n's logger (what a node's `this.logger` and n8n's error reporter write to) prints to the console,
 * and the integration tests make nodes fail on purpose, so every expected refusal would print. Here it
 * keeps each test's lines instead; failedTestLogEnvironment.ts prints them when that test fails.
 * `N8N_LOG_LEVEL=info npx jest …` leaves n8n's own logger in place, printing everything.
 * A test that checks what a node logs spies on this logger (`jest.spyOn(trigger.logger, 'warn')`).
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import { type LogKeepingGlobal } from './failedTestLogEnvironment';

const kept = globalThis as LogKeepingGlobal;

const keep =
	(level: string) =>
	(message: string, metadata?: object): void => {
		kept.n8nLogOfTest?.push(`${level}: ${message}${metadata && Object.keys(metadata).length > 0 ? ` ${JSON.stringify(metadata)}` : ''}`);
	};

const keepingLogger = {
	error: keep('error'),
	warn: keep('warn'),
	info: keep('info'),
	debug: keep('debug'),
	scoped: () => keepingLogger,
};

if (process.env.N8N_LOG_LEVEL === undefined) Container.set(Logger, keepingLogger as unknown as Logger);
