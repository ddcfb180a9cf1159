import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { withMaskedWebhookSecret } from '../../../shared/webhookSecret';

// What a person or an agent reads of an interview; its lists only as counts, its settings (interviewConfig) not at all.
const KEPT = ['interviewId', 'interviewName', 'roleName', 'status', 'minExperience', 'maxExperience', 'interviewLink', 'createdAt', 'updatedAt', 'metaData'];
const COUNTED = { competencyCount: 'competencyData', sampleQuestionCount: 'sampleQuestions', codingQuestionCount: 'codingSection' };

export const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data: interviewId, interviewName, roleName, status, minExperience, maxExperience, interviewLink, createdAt, updatedAt, metaData, and the counts competencyCount, sampleQuestionCount and codingQuestionCount; no settings',
};

/** An interview as output, the webhook URL's secret masked. Simplified, it keeps the known fields it has: an odd record just lacks the others. */
export function interviewOutput(interview: object, simplify: boolean): IDataObject {
	const masked = withMaskedWebhookSecret(interview) as IDataObject;
	if (!simplify) return masked;
	const counts = Object.entries(COUNTED).flatMap(([name, key]) => (Array.isArray(masked[key]) ? [[name, (masked[key] as unknown[]).length]] : []));
	return Object.fromEntries([...KEPT.filter((key) => key in masked).map((key) => [key, masked[key]]), ...counts]) as IDataObject;
}
