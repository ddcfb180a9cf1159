import type { IAdditionalCredentialOptions, ICredentialsDecrypted } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../credentialRules';
import type { InterviewServiceContext } from './context';

/**
 * The credential, read and decrypted once per node run (one `this`) instead of once per request.
 *
 * n8n's `httpRequestWithAuthentication` takes it as `credentialsDecrypted` and then neither reads
 * nor decrypts the credential again. Its refresh on 401 (our `preAuthentication`) writes the new
 * token into this same `data` object (`Object.assign`) and into the database, so every later
 * request of the run sends the refreshed token, and later runs read it from the database: still
 * one token exchange per token lifetime. A failed read is not kept, so the next request tries again.
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
