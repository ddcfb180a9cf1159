import { Session } from 'node:inspector/promises';
import path from 'node:path';

import { TriggerHarness } from '../../helpers/n8nCoreTriggers';
import { PACKAGE_ROOT, createCredentialsHelper } from '../../helpers/n8nCore';
import { inviteParameters, openSandbox, people } from '../../helpers/sandbox';
import type { SandboxRun } from '../../helpers/sandbox';

/*
 * How many of our files one journey runs code in, read from V8's call counts (functions run at module
 * load are left out: the journey starts once the node is loaded). Printed for the closing note and docs.
 */

// The action node runs from dist/ as n8n loads it; the trigger harness takes the triggers from source.
const DIST = path.join(PACKAGE_ROOT, 'dist', 'nodes') + path.sep;
const SOURCE = path.join(PACKAGE_ROOT, 'nodes') + path.sep;

let session: Session;
let sandbox: SandboxRun;

beforeAll(async () => {
	sandbox = await openSandbox();
	session = new Session();
	session.connect();
	await session.post('Profiler.enable');
	await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
});
afterAll(async () => {
	await session.post('Profiler.stopPreciseCoverage');
	session.disconnect();
	await sandbox.close();
});

/** Our files whose functions ran during `journey`, each with the number of its functions that ran. */
async function filesRunBy(root: string, journey: () => Promise<void>): Promise<Map<string, number>> {
	await session.post('Profiler.takePreciseCoverage');
	await journey();
	const { result } = await session.post('Profiler.takePreciseCoverage');
	const files = new Map<string, number>();
	for (const script of result) {
		const file = script.url.replace(/^file:\/\//, '');
		if (!file.startsWith(root)) continue;
		const ran = script.functions.filter((fn) => fn.functionName !== '' && fn.ranges[0].count > 0).length;
		if (process.env.JOURNEY_FUNCTIONS && ran > 0) process.stderr.write(`${file}: ${script.functions.filter((fn) => fn.functionName !== '' && fn.ranges[0].count > 0).map((fn) => fn.functionName).join(', ')}\n`);
		if (ran > 0) files.set(path.relative(root, file).replace(/\.js$/, '.ts'), ran);
	}
	return files;
}

const print = (journey: string, files: Map<string, number>) =>
	process.stderr.write(`[journeys] ${journey}: ${files.size} files of nodes/\n${[...files].map(([file, count]) => `  ${file} (${count} functions)`).join('\n')}\n`);

describe('journeys through nodes/', () => {
	it('an Invite of 230 candidates with 2 refused and named runs code in at most 15 of our files', async () => {
		const candidates = people(230, 'journey');
		const [interviewId] = await sandbox.seedInterviews([{ interviewName: 'Journey' }]);
		// A first run loads every module the journey needs, so the measured run counts calls only.
		await sandbox.run(inviteParameters(interviewId), { inputItems: candidates.slice(0, 2), onError: 'continueErrorOutput' });
		await sandbox.control('PATCH', '/config', { refusals: { emails: [candidates[40].email, candidates[150].email], dialect: 'rejectNamingEmail' } });
		let failed = 0;
		// A fresh credential loads its file, as a run in a fresh process would: before the journey.
		const credentialsHelper = await createCredentialsHelper(sandbox.credentials);
		const files = await filesRunBy(DIST, async () => {
			const run = await sandbox.run(inviteParameters(interviewId), { inputItems: candidates.slice(2), onError: 'continueErrorOutput', credentialsHelper });
			failed = run.outputs[1].length;
		});
		print('Invite, 228 candidates, 2 refused by e-mail', files);
		expect(failed).toBe(2);
		expect(files.size).toBeLessThanOrEqual(15);
	});

	// The entry, the secret check, reading the event, the repeat memory, the completion key (shared with the Results Trigger, and its e-mail rule), emit.
	it('a trigger delivery runs code in at most 8 of our files', async () => {
		const INTERVIEW_ID = 'bbbbbbbbbbbbbbbbbbbbbb01';
		await sandbox.seed({ interviews: [{ interviewId: INTERVIEW_ID, status: 'published' }] });
		const harness = await new TriggerHarness({
			node: 'interviewServiceTrigger',
			parameters: { interviewId: { __rl: true, mode: 'id', value: INTERVIEW_ID }, events: ['completed'], options: {} },
			credentials: sandbox.credentials,
		}).listen();
		try {
			await harness.hook('create');
			await sandbox.complete(INTERVIEW_ID, { email: 'warm@example.com', name: 'Warm' });
			const files = await filesRunBy(SOURCE, async () => {
				const { delivery } = await sandbox.complete(INTERVIEW_ID, { email: 'ada@example.com', name: 'Ada' });
				expect(delivery?.status).toBe(200);
			});
			print('trigger delivery', files);
			expect(files.size).toBeLessThanOrEqual(8);
		} finally {
			await harness.hook('delete');
			await harness.close();
		}
	});
});
