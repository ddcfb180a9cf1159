/**
 * 5. Update interview settings. Replaces `interviewConfig` (documented defaults + what was sent) and
 * `metaData` when sent; `published` true/false moves the status to published/draft (see
 * assumptions.ts).
 */
import type { FastifyInstance } from 'fastify';

import { endpoints } from '../../nodes/shared/contract/endpoints';
import { MESSAGES } from '../assumptions';
import type { SandboxContext } from '../route-context';
import { ApiError } from '../http';
import { fullConfig, statusFor } from '../interviews-and-results';
import type { StoredInterview } from '../state';
import { serveEndpoint } from './serve-endpoint';

function settingsView(interview: StoredInterview) {
	return {
		interviewId: interview.interviewId,
		interviewName: interview.interviewName,
		roleName: interview.roleName,
		status: interview.status,
		interviewLink: interview.interviewLink,
		metaData: interview.metaData,
		minExperience: interview.minExperience,
		maxExperience: interview.maxExperience,
		jdType: interview.jdType,
		sampleQuestions: interview.sampleQuestions,
		interviewConfig: interview.interviewConfig,
		createdAt: interview.createdAt,
		updatedAt: interview.updatedAt,
	};
}

/** The config as stored: a service that trims URLs keeps `webhookUrl` without its query string. */
function storedConfig<T extends { webhookUrl?: string }>(config: T, stripWebhookQuery: boolean): T {
	if (!stripWebhookQuery || config.webhookUrl === undefined) return config;
	return { ...config, webhookUrl: config.webhookUrl.split('?')[0] };
}

export function registerInterviewSettings(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.updateSettings, ({ interview, body }) => {
		if (body.interviewId !== undefined && body.interviewId !== interview.interviewId) {
			throw new ApiError(422, MESSAGES.validation, [
				{ path: 'interviewId', message: 'must match the interview id in the path' },
			]);
		}
		const updated: StoredInterview = {
			...interview,
			interviewName: body.interviewName ?? interview.interviewName,
			status: body.published === undefined ? interview.status : statusFor(body.published),
			interviewConfig: body.interviewConfig ? fullConfig(storedConfig(body.interviewConfig, context.state.config.stripWebhookQuery)) : interview.interviewConfig,
			metaData: body.metaData ?? interview.metaData,
			updatedAt: new Date().toISOString(),
		};
		context.state.interviews.set(updated.interviewId, updated);
		return { status: 200, message: 'Interview settings updated successfully', data: settingsView(updated) };
	});
}
