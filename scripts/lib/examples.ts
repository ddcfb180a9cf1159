/**
 * The example workflows shipped in `examples/`, as the demo and the examples e2e test import them:
 * the JSON as shipped, with only its placeholders (interview id, URLs, file path) substituted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { CredentialImport, WorkflowImport } from '../../harness/n8n';
import { REPO_ROOT } from '../../harness/paths';
import { sandboxCredential } from '../../harness/workflow';
import { ATS_PREFIX } from '../../sandbox/ats';

export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');

/** The credential every example refers to; the demo and the tests import one with this id and name. */
export const EXAMPLE_CREDENTIAL = { id: 'IntSvcDemoCred01', name: 'Interview Service account' } as const;

/** Placeholders written in the examples, which a user (or a test) replaces. */
export const PLACEHOLDERS = {
	/** The sandbox's demo interview "Senior Backend Engineer (Node.js)" (sandbox/demo-data.ts). */
	interviewId: '6650a1b2c3d4e5f601234501',
	/** Every ATS address in the examples starts with it; the demo points it at the sandbox's stand-in ATS. */
	atsOrigin: 'https://ats.example.com',
	atsUrl: 'https://ats.example.com/api/interview-results',
	atsCandidatesUrl: 'https://ats.example.com/api/candidates?stage=ai-interview',
	exportFile: '/home/node/.n8n-files/interview-results.csv',
} as const;

export const EXAMPLES = {
	atsInvitations: { file: 'ats-invitations.json', id: 'exAtsInvitations', webhookPath: 'ats-candidates' },
	resultsExport: { file: 'scheduled-results-export.json', id: 'exResultsExport' },
	resultsExportSheets: { file: 'scheduled-results-export-google-sheets.json', id: 'exResultsSheets' },
	completionCallback: { file: 'completion-ats-callback.json', id: 'exCompletionAts' },
	aiAgentTools: { file: 'ai-agent-tools.json', id: 'exAiAgentTools' },
	atsSync: { file: 'ats-sync-every-15-minutes.json', id: 'exAtsSync' },
} as const;

export type ExampleName = keyof typeof EXAMPLES;

export interface ExampleWorkflow extends WorkflowImport {
	nodes: Array<{ name: string; type: string; typeVersion: number } & Record<string, unknown>>;
}

/**
 * Replaces every occurrence of each placeholder by its value, in the JSON text as shipped, in the
 * order given (atsOrigin given before atsUrl leaves no atsUrl to replace).
 */
export function loadExample(name: ExampleName, substitutions: Partial<Record<keyof typeof PLACEHOLDERS, string>> = {}): ExampleWorkflow {
	let text = readFileSync(path.join(EXAMPLES_DIR, EXAMPLES[name].file), 'utf8');
	for (const [key, value] of Object.entries(substitutions)) {
		text = text.split(PLACEHOLDERS[key as keyof typeof PLACEHOLDERS]).join(value);
	}
	return JSON.parse(text) as ExampleWorkflow;
}

/**
 * Every example as the demo imports it: as shipped, with the demo's export file, and every ATS
 * address pointing at the sandbox's stand-in ATS, so that the examples reading or writing an ATS run too.
 */
export function demoExamples(options: { exportFile: string; sandboxUrl: string }): ExampleWorkflow[] {
	const atsOrigin = `${options.sandboxUrl}${ATS_PREFIX}`;
	return (Object.keys(EXAMPLES) as ExampleName[]).map((name) => loadExample(name, { exportFile: options.exportFile, atsOrigin }));
}

/** The examples' credential, pointing at a sandbox with the demo client. */
export function exampleCredential(sandboxUrl: string): CredentialImport {
	return sandboxCredential(sandboxUrl, EXAMPLE_CREDENTIAL);
}
