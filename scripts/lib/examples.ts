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
import { OPENAI_PREFIX, STAND_IN_OPENAI_KEY } from '../../sandbox/openai';

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
	mcpServer: { file: 'mcp-server-recruiting-tools.json', id: 'exMcpServerTools', mcpPath: 'interview-service-recruiting' },
} as const;

export type ExampleName = keyof typeof EXAMPLES;

/**
 * The examples the demo does not import, and why: they need an account the demo cannot stand in for.
 * The files stay in `examples/`; the banner and docs/demo.md say where.
 */
export const NOT_IN_DEMO: Partial<Record<ExampleName, string>> = {
	resultsExportSheets: 'needs your Google account',
};

/** The examples the demo imports, in the order of EXAMPLES. */
export const DEMO_EXAMPLE_NAMES = (Object.keys(EXAMPLES) as ExampleName[]).filter((name) => NOT_IN_DEMO[name] === undefined);

/**
 * The OpenAI credential the demo imports for the AI agent example (4): n8n's `openAiApi` with its Base URL
 * (`url`) on the sandbox's stand-in chat model. The file in `examples/` names no OpenAI credential: users bring theirs.
 */
export const STAND_IN_OPENAI_CREDENTIAL = { id: 'SandboxOpenAi001', name: 'OpenAI (sandbox stand-in model)' } as const;

export const OPENAI_CREDENTIAL_TYPE = 'openAiApi';
export const OPENAI_CHAT_MODEL_TYPE = '@n8n/n8n-nodes-langchain.lmChatOpenAi';

export function standInOpenAiCredential(sandboxUrl: string): CredentialImport {
	return {
		...STAND_IN_OPENAI_CREDENTIAL,
		type: OPENAI_CREDENTIAL_TYPE,
		data: { apiKey: STAND_IN_OPENAI_KEY, organizationId: '', url: `${sandboxUrl}${OPENAI_PREFIX}`, header: false },
	};
}

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
 * One example as the demo imports it: as shipped, with the demo's export file, every ATS address pointing at
 * the sandbox's stand-in ATS (so the examples reading or writing an ATS run), and every OpenAI Chat Model
 * on the stand-in OpenAI credential (so the AI agent example runs without an OpenAI account).
 */
export function demoExample(name: ExampleName, options: { exportFile: string; sandboxUrl: string }): ExampleWorkflow {
	const atsOrigin = `${options.sandboxUrl}${ATS_PREFIX}`;
	const workflow = loadExample(name, { exportFile: options.exportFile, atsOrigin });
	for (const node of workflow.nodes) {
		if (node.type === OPENAI_CHAT_MODEL_TYPE) node.credentials = { [OPENAI_CREDENTIAL_TYPE]: { ...STAND_IN_OPENAI_CREDENTIAL } };
	}
	return workflow;
}

/** Every example the demo imports (not those of NOT_IN_DEMO), as demoExample makes it. */
export function demoExamples(options: { exportFile: string; sandboxUrl: string }): ExampleWorkflow[] {
	return DEMO_EXAMPLE_NAMES.map((name) => demoExample(name, options));
}

/** The examples' credential, pointing at a sandbox with the demo client. */
export function exampleCredential(sandboxUrl: string): CredentialImport {
	return sandboxCredential(sandboxUrl, EXAMPLE_CREDENTIAL);
}
