import type { IDataObject } from 'n8n-workflow';
import { ObservableObject } from 'n8n-workflow';

import { readEvent } from '../../../../nodes/InterviewServiceTrigger/event';
import { MAX_REMEMBERED, REMEMBER_MS, deliveryKey, remember, wasSeen } from '../../../../nodes/InterviewServiceTrigger/repeatMemory';

/** The delivery id the trigger reads from an event. */
const deliveryIdOf = (event: IDataObject) => readEvent(event).deliveryId;

/** The key of a delivery whose event (when it is an object) is read for its delivery id, as the trigger does. */
const keyOfDelivery = (eventType: string | undefined, event: IDataObject | undefined, rawBody: unknown, body: unknown) =>
	deliveryKey(eventType, event === undefined ? undefined : deliveryIdOf(event), rawBody, body);

describe('dedupe key', () => {
	it.each([
		['deliveryId', { deliveryId: 'x1' }],
		['delivery_id', { delivery_id: 'x1' }],
		['eventId', { eventId: 'x1' }],
		['event_id', { event_id: 'x1' }],
		['webhook_event_id', { webhook_event_id: 'x1' }],
		['data.deliveryId', { data: { deliveryId: 'x1' } }],
		['payload.event_id', { payload: { event_id: 'x1' } }],
		['object.webhook_event_id', { object: { webhook_event_id: 'x1' } }],
		['a number', { webhook_event_id: 12345 }],
	])('reads the delivery id from %s', (_where, body) => {
		expect(deliveryIdOf(body as IDataObject)).toBe(_where === 'a number' ? '12345' : 'x1');
	});

	it('the same kind and id give the same key whatever field or envelope carries the id', () => {
		const keys = [{ deliveryId: 'x1' }, { data: { event_id: 'x1' }, other: 1 }, { eventId: 'x1', type: 't' }].map(
			(body) => keyOfDelivery('completed', body, undefined, body).key,
		);
		expect(new Set(keys).size).toBe(1);
		expect(keys[0]).not.toContain('x1');
	});

	it('never takes a bare id, at the top or in the envelope (often the candidate\'s or the interview\'s)', () => {
		expect(deliveryIdOf({ id: 'top', data: { eventId: 'evt' } })).toBe('evt');
		expect(deliveryIdOf({ id: 'cand-1' })).toBeUndefined();
		expect(deliveryIdOf({ data: { id: 'interview-1' } })).toBeUndefined();
		const ada = { id: 'int-1', event: 'completed', email: 'ada@example.com' };
		const bob = { id: 'int-1', event: 'completed', email: 'bob@example.com' };
		expect(keyOfDelivery('completed', ada, undefined, ada).key).not.toBe(keyOfDelivery('completed', bob, undefined, bob).key);
	});

	it('two events of different kinds never share a key, with or without a delivery id', () => {
		const completed = { id: 'cand-1', event: 'candidateInterviewCompleted' };
		const cheat = { id: 'cand-1', event: 'cheatProbabilityMarked' };
		expect(keyOfDelivery(completed.event, completed, undefined, completed).key).not.toBe(keyOfDelivery(cheat.event, cheat, undefined, cheat).key);
		const withId = { deliveryId: 'd-1' };
		expect(keyOfDelivery('candidateInterviewCompleted', withId, undefined, withId).key).not.toBe(
			keyOfDelivery('cheatProbabilityMarked', withId, undefined, withId).key,
		);
	});

	it('without an id, hashes the raw body: same bytes, same key; other bytes, other key', () => {
		const a = keyOfDelivery('x', { event: 'x' }, Buffer.from('{"event":"x"}'), { event: 'x' });
		const b = keyOfDelivery('x', { event: 'x' }, Buffer.from('{"event":"x"}'), { event: 'x' });
		const c = keyOfDelivery('x', { event: 'x' }, Buffer.from('{"event": "x"}'), { event: 'x' });
		expect(a).toEqual(b);
		expect(a.deliveryId).toBeUndefined();
		expect(c.key).not.toBe(a.key);
		// An id key and a body key never collide.
		expect(keyOfDelivery('x', { deliveryId: 'x' }, undefined, {}).key[0]).not.toBe(a.key[0]);
		// A body that is not JSON is hashed too, as received.
		expect(keyOfDelivery(undefined, undefined, undefined, 'plain').key).not.toBe(keyOfDelivery(undefined, undefined, undefined, 'plain2').key);
	});
});

describe('dedupe memory in static data', () => {
	it('remembers keys for 24 hours', () => {
		const staticData: IDataObject = {};
		remember(staticData, ['k1', 1_000, 'a1'], 'memory-1');
		expect(wasSeen(staticData, 'k1', 1_000 + REMEMBER_MS - 1)).toBe(true);
		expect(wasSeen(staticData, 'k1', 1_000 + REMEMBER_MS)).toBe(false);
		expect(wasSeen(staticData, 'k2', 1_000)).toBe(false);
	});

	it('keeps only the newest 1,000 keys, and drops expired ones when it writes', () => {
		const staticData: IDataObject = {};
		for (let index = 0; index < MAX_REMEMBERED + 5; index++) remember(staticData, [`k${index}`, 10_000 + index, 'a1'], 'memory-2');
		expect(staticData.seenDeliveries).toHaveLength(MAX_REMEMBERED);
		expect(wasSeen(staticData, 'k4', 20_000)).toBe(false);
		expect(wasSeen(staticData, 'k5', 20_000)).toBe(true);
		remember(staticData, ['late', 10_000 + MAX_REMEMBERED + REMEMBER_MS, 'a1'], 'memory-2');
		// k5..k1000 were written more than 24 h before "late": only k1001..k1004 and "late" stay.
		expect(staticData.seenDeliveries).toHaveLength(5);
	});

	it('survives a JSON round trip (as n8n saves it) and ignores entries it cannot read', () => {
		const staticData: IDataObject = { seenDeliveries: [['k2', 5], 'x', ' 5', 'k0 5 a0'] as unknown as IDataObject[] };
		remember(staticData, ['k1', 6, 'a1'], 'memory-3');
		const saved = JSON.parse(JSON.stringify(staticData)) as IDataObject;
		expect(wasSeen(saved, 'k0', 7)).toBe(true);
		expect(wasSeen(saved, 'k1', 7)).toBe(true);
		expect(saved.seenDeliveries).toEqual(['k0 5 a0', 'k1 6 a1']);
	});

	it('assigns the list, which is what marks n8n static data as changed', () => {
		// n8n's own observable static data, as a webhook call gets it (a node's part is a nested object).
		const staticData = ObservableObject.create({ 'node:Trigger': { seenDeliveries: ['k0 1 a0'] } }) as IDataObject & { __dataChanged: boolean };
		expect(staticData.__dataChanged).toBe(false);
		remember(staticData['node:Trigger'] as IDataObject, ['k1', 2, 'a1'], 'memory-4');
		expect(staticData.__dataChanged).toBe(true);
		expect(JSON.parse(JSON.stringify(staticData))).toEqual({ 'node:Trigger': { seenDeliveries: ['k0 1 a0', 'k1 2 a1'] } });
	});
});

describe('concurrent calls and n8n\'s whole-object write-back', () => {
	it('a call that loaded static data before another call saved its key writes that key too', () => {
		const scope = 'wf-merge:n1';
		// Both calls loaded the same (empty) static data; each records its own delivery.
		const first: IDataObject = {};
		const second: IDataObject = {};
		remember(first, ['delivery-a', 100, 'a1'], scope);
		remember(second, ['delivery-b', 101, 'a1'], scope);
		// Whichever copy n8n writes last, both keys are in it.
		for (const saved of [first, second]) {
			expect(wasSeen(saved, 'delivery-a', 102)).toBe(true);
			expect(wasSeen(saved, 'delivery-b', 102)).toBe(true);
		}
		// Another node's keys stay out.
		const other: IDataObject = {};
		remember(other, ['delivery-c', 103, 'a1'], 'wf-merge:n2');
		expect(wasSeen(other, 'delivery-a', 104)).toBe(false);
	});

	it('the call that remembered first and writes last still writes the later call\'s key (as webhook() claims and remembers per call)', () => {
		const scope = 'wf-order:n1';
		// Both calls loaded the same (empty) static data. A claims and remembers, then B does; B's call ends
		// first and n8n saves it, then A's call ends and n8n writes A's whole (older) copy over it.
		const callA: IDataObject = {};
		const callB: IDataObject = {};
		remember(callA, ['delivery-a', 100, 'a1'], scope);
		remember(callB, ['delivery-b', 101, 'a1'], scope);
		const savedLast = JSON.parse(JSON.stringify(callA)) as IDataObject;
		expect(wasSeen(savedLast, 'delivery-a', 102)).toBe(true);
		expect(wasSeen(savedLast, 'delivery-b', 102)).toBe(true);
	});
});

describe('how the memory is stored', () => {
	it('keeps every key as one text, "<key> <at in base 36> <attempt>", oldest first', () => {
		const staticData: IDataObject = {};
		for (let index = 0; index < 120; index++) remember(staticData, [`k${index}`, 50_000 + index, `a${index}`], 'stored-1');
		const saved = JSON.parse(JSON.stringify(staticData)) as IDataObject;
		expect(saved.seenDeliveries).toEqual(Array.from({ length: 120 }, (_, index) => `k${index} ${(50_000 + index).toString(36)} a${index}`));
		for (const key of ['k0', 'k69', 'k70', 'k119']) expect(wasSeen(saved, key, 50_200)).toBe(true);
		expect(wasSeen(saved, 'k1', 50_000 + 1 + REMEMBER_MS)).toBe(false);
		expect(wasSeen(saved, 'k12', 50_200)).toBe(true);
		expect(wasSeen(saved, 'k', 50_200)).toBe(false);
	});

	it('reads a full list another process wrote, and drops its oldest key for a new one', () => {
		const written = Array.from({ length: MAX_REMEMBERED }, (_, index) => `old${index} ${(60_000 + index).toString(36)} a0`);
		const staticData: IDataObject = { seenDeliveries: written as unknown as IDataObject[] };
		expect(wasSeen(staticData, 'old0', 70_000)).toBe(true);
		remember(staticData, ['new', 70_000, 'a1'], 'stored-2');
		const saved = JSON.parse(JSON.stringify(staticData)) as IDataObject;
		expect(saved.seenDeliveries).toHaveLength(MAX_REMEMBERED);
		// The oldest one made room for the new key.
		expect(wasSeen(saved, 'old0', 70_001)).toBe(false);
		for (const key of ['old1', 'old500', 'old999', 'new']) expect(wasSeen(saved, key, 70_001)).toBe(true);
	});

	it('takes in texts another n8n process wrote (keys this process never saw)', () => {
		const fromElsewhere = [`far1 ${(80_000).toString(36)} a0`, `far2 ${(80_001).toString(36)} a0`, 'unreadable'];
		const staticData: IDataObject = { seenDeliveries: fromElsewhere as unknown as IDataObject[] };
		remember(staticData, ['near', 80_002, 'a1'], 'stored-3');
		const saved = JSON.parse(JSON.stringify(staticData)) as IDataObject;
		expect(saved.seenDeliveries).toEqual([`far1 ${(80_000).toString(36)} a0`, `far2 ${(80_001).toString(36)} a0`, `near ${(80_002).toString(36)} a1`]);
	});
});
