/**
 * 7. Update interview. Merges the given top-level fields; `competencyData` (sent with `name`, stored
 * as `competency`) and `metaData` are replaced as a whole. Unknown id → 404 (see assumptions.ts).
 */
import type { FastifyInstance } from 'fastify';

import type { CompetencyItem, UpdateInterviewBody } from '../../nodes/shared/contract/interview';
import { endpoints } from '../../nodes/shared/contract/endpoints';
import { MESSAGES } from '../assumptions';
import type { SandboxContext } from '../route-context';
import { ApiError } from '../http';
import { statusFor } from '../interviews-and-results';
import type { StoredInterview } from '../state';
import { serveEndpoint } from './serve-endpoint';

function storedCompetencies(sent: NonNullable<UpdateInterviewBody['competencyData']>): CompetencyItem[] {
	return sent.map(({ name, ...rest }) => ({ competency: name, ...rest }));
}

export function registerUpdateInterview(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.updateInterview, ({ interview, body }) => {
		const updated: StoredInterview = {
			...interview,
			interviewName: body.interviewName ?? interview.interviewName,
			roleName: body.roleName ?? interview.roleName,
			minExperience: body.minExperience ?? interview.minExperience,
			maxExperience: body.maxExperience ?? interview.maxExperience,
			metaData: body.metaData ?? interview.metaData,
			status: body.published === undefined ? interview.status : statusFor(body.published),
			competencyData: body.competencyData ? storedCompetencies(body.competencyData) : interview.competencyData,
			updatedAt: new Date().toISOString(),
		};
		// The body alone may be consistent and still contradict the stored other end of the range.
		if (updated.minExperience > updated.maxExperience) {
			throw new ApiError(422, MESSAGES.validation, [
				{ path: 'minExperience', message: 'must not be greater than maxExperience' },
			]);
		}
		context.state.interviews.set(updated.interviewId, updated);
		return {
			status: 200,
			message: 'Interview updated successfully',
			data: {
				interviewId: updated.interviewId,
				roleName: updated.roleName,
				slug: updated.slug,
				isPublished: updated.status === 'published',
				metaData: updated.metaData,
				competencyData: updated.competencyData,
			},
		};
	});
}
