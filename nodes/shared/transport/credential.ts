import type { IAdditionalCredentialOptions, ICredentialsDecrypted } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../credentialRules';
import type { InterviewServiceContext } from './context';

/**
 * The credential, read and decrypted once per node run (one `this`), not once per request. n8n's
 * refresh on 401 writes the new token into this same object and the database, so later requests
 * and runs use it: one token exchange per token lifetime. A failed read is not kept.
 */
const perRun = new WeakMap<object, Promise<ICredentialsDecrypted>>();

async function readCredential(context: InterviewServiceContext): Promise<ICredentialsDecrypted> {
	const data = await context.getCredentials(CREDENTIAL_TYPE);
	const reference = context.getNode().credentials?.[CREDENTIAL_TYPE];
	return { id: reference?.id ?? '', name: reference?.name ?? '', type: CREDENTIAL_TYPE, data };
}

export async function runCredential(context: InterviewServiceContext): Promise<ICredentialsDecrypted> {
	let credential = perRun.get(context);
	if (!credential) {
		credential = readCredential(context);
		perRun.set(context, credential);
		credential.catch(() => perRun.delete(context));
	}
	return await credential;
}

/** What `httpRequestWithAuthentication` needs to use the run's credential as it is. */
export function credentialOptions(credential: ICredentialsDecrypted): IAdditionalCredentialOptions {
	return { credentialsDecrypted: credential };
}
