/**
 * Scenario 3, the interview picker: "From list" shows interviews by name, its search box filters,
 * and scrolling to the end loads the rest, while the service caps its pages at 50 interviews; "By ID"
 * refuses an ID that cannot be one on execute, before any request, and an ID the service does not know fails
 * with its message.
 */
import { useEditor } from './helpers/editor';
import { addInterviewServiceNode, nodePanel, openNewWorkflow, outputPanel, parameter, pickerItems, selectCredential, waitForText } from './helpers/panels';

const { scenario } = useEditor();

/** More than the picker shows at first (100), so that the rest only comes by scrolling. */
const SEEDED = 130;
const GET_INTERVIEW = 'GET /api/v1/interview/get-interview/:id';
const seededName = (index: number) => `Picker role ${String(index).padStart(3, '0')}`;

it(
	'lists interviews by name, filters by search, loads the next page on scroll under a page cap of 50; By ID refuses a malformed ID and an unknown one fails on execute',
	scenario(async ({ page, session, sandbox }) => {
		await sandbox.post('/seed', {
			interviews: Array.from({ length: SEEDED }, (_, index) => ({ interviewName: seededName(index + 1), status: 'published' })),
		});
		const demo = ((await sandbox.get('/state')).data as { interviews: unknown[] }).interviews.length - SEEDED;
		await sandbox.patch('/config', { maxPageSize: 50 });
		try {
			await openNewWorkflow(page, session.n8nUrl);
			await page.getByRole('button', { name: 'Open nodes panel' }).click();
			const ndv = await addInterviewServiceNode(page, 'Get an interview');
			await selectCredential(page);

			await ndv.getByPlaceholder('Select an interview...').click();
			const items = pickerItems(page);
			const firstStep = await waitForText(async () => (await items.allInnerTexts()).join('\n'), (text) => text.split('\n').length >= 100, 'the first 100 interviews');
			expect(firstStep.split('\n')).toHaveLength(100);
			// Newest first: the demo's three interviews are older than the seeded ones, so they come only with the next page.
			expect(firstStep.split('\n').filter((name) => !/^Picker role \d{3} \(published\)$/.test(name))).toEqual([]);

			await items.last().scrollIntoViewIfNeeded();
			const all = (await waitForText(async () => (await items.allInnerTexts()).join('\n'), (text) => text.split('\n').length >= SEEDED + demo, 'the list after scrolling')).split('\n');
			expect(all).toHaveLength(SEEDED + demo);
			expect(new Set(all).size).toBe(all.length);
			expect(all).toEqual(expect.arrayContaining(['Senior Backend Engineer (Node.js) (published)', 'Data Analyst Intern (draft)', `${seededName(1)} (published)`]));

			await page.getByPlaceholder('Search...').fill('role 12');
			const filtered = await waitForText(async () => (await items.allInnerTexts()).join('\n'), (text) => text.split('\n').length === 10, 'the search result');
			expect(filtered.split('\n').sort()).toEqual(Array.from({ length: 10 }, (_, index) => `${seededName(120 + index)} (published)`));
			await items.filter({ hasText: seededName(125) }).click();
			expect(await ndv.getByTestId('rlc-input').inputValue()).toBe(`${seededName(125)} (published)`);

			// By ID: an ID with a space fails on execute with a message naming the field, before any request.
			await ndv.getByTestId('rlc-mode-selector').click();
			await page.getByRole('option', { name: 'By ID' }).click();
			const idInput = ndv.getByPlaceholder('e.g. 6650f1c2a1b2c3d4e5f60718');
			await idInput.fill('not an id');
			await idInput.blur();
			await sandbox.delete('/requests');
			await ndv.getByRole('button', { name: 'Execute step' }).first().click();
			const refused = await waitForText(async () => await outputPanel(page).innerText(), (text) => text.includes('not a valid interview ID'), 'the refused ID');
			expect(refused).toContain('Interview is not a valid interview ID: "not an id" (use letters, digits, "-" or "_") (item 0)');
			const routesSent = async () => ((await sandbox.get('/requests')).data as { requests: Array<{ route: string }> }).requests.map((request) => request.route);
			expect(await routesSent()).not.toContain(GET_INTERVIEW);

			await idInput.fill('ffffffffffffffffffffffff');
			await idInput.blur();
			await ndv.getByRole('button', { name: 'Execute step' }).first().click();
			const failure = await waitForText(async () => await outputPanel(page).innerText(), (text) => text.includes('Interview not found'), 'the failed execution');
			// The message itself names the missing interview, whatever details the service adds.
			expect(failure).toContain('Interview not found (interview ID ffffffffffffffffffffffff)');
			// The same route as above, so its absence there means something.
			expect(await routesSent()).toContain(GET_INTERVIEW);
			expect(await parameter(nodePanel(page), 'Operation').inputValue()).toBe('Get');
		} finally {
			await sandbox.patch('/config', { maxPageSize: 100 });
		}
	}),
);
