import { inviteParameters, people, useSandboxRun } from '../../../helpers/sandbox';

const ACCESS_LINKS = 'POST /api/v1/interview/:id/access-links';
const ENDED = { startTime: '2020-01-01T09:00:00Z', endTime: '2020-01-08T18:00:00Z' };
const OPEN = { startTime: '2020-01-01T09:00:00Z', endTime: '2099-01-08T18:00:00Z' };

const sandbox = useSandboxRun();

describe('candidate → invite for a window that has already ended', () => {
	it('still invites every candidate, and n8n shows one warning beside the output naming End Time and the items', async () => {
		const [interviewId] = await sandbox().seedInterviews([{ interviewName: 'Ended window' }]);
		const result = await sandbox().run(inviteParameters(interviewId, ENDED), { inputItems: people(3) });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.preAuthLink)).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
		expect(await sandbox().requests(ACCESS_LINKS)).toHaveLength(1);
		expect(result.hints).toEqual([
			{
				type: 'warning',
				location: 'outputPane',
				message:
					'The invitation window had already ended (End Time 2020-01-08T18:00:00Z) for 3 items, the first item 0: those candidates got links they cannot use. Check Start Time and End Time.',
			},
		]);
	});

	it('names the one item whose window ended among others that are open', async () => {
		const [interviewId] = await sandbox().seedInterviews([{ interviewName: 'Mixed windows' }]);
		const inputItems = people(3).map((person, index) => ({ ...person, end: index === 1 ? ENDED.endTime : OPEN.endTime }));
		const result = await sandbox().run(inviteParameters(interviewId, { ...OPEN, endTime: '={{ $json.end }}' }), { inputItems });
		expect(result.items).toHaveLength(3);
		expect(result.hints.map((hint) => hint.message)).toEqual([expect.stringContaining('had already ended (End Time 2020-01-08T18:00:00Z) for item 1:')]);
	});

	it('says nothing when every window is still open', async () => {
		const [interviewId] = await sandbox().seedInterviews([{ interviewName: 'Open window' }]);
		const result = await sandbox().run(inviteParameters(interviewId, OPEN), { inputItems: people(2) });
		expect(result.items).toHaveLength(2);
		expect(result.hints).toEqual([]);
	});
});
