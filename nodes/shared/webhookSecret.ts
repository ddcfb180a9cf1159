import type { IDataObject } from 'n8n-workflow';

/**
 * The query parameter that carries the Interview Service Trigger's secret in the webhook URL it
 * registers. Whoever knows it can send the trigger completions, so outputs never show it. The
 * trigger's lifecycle makes the secret and checks deliveries against it; this file holds what the
 * action node needs as well: the parameter's name and its masking in an interview's output.
 */
export const SECRET_QUERY_PARAMETER = 'secret';

const SECRET_IN_QUERY = new RegExp(`([?&]${SECRET_QUERY_PARAMETER}=)[^&#]*`, 'g');

/** The URL with the secret's value replaced by `***`. */
export function maskWebhookSecret(url: string): string {
	return url.replace(SECRET_IN_QUERY, '$1***');
}

/** An interview as output: `interviewConfig.webhookUrl` with its secret masked; anything else as it is. */
export function withMaskedWebhookSecret<T extends object>(json: T): T {
	const config = (json as IDataObject).interviewConfig as IDataObject | undefined;
	if (typeof config?.webhookUrl !== 'string') return json;
	const webhookUrl = maskWebhookSecret(config.webhookUrl);
	return webhookUrl === config.webhookUrl ? json : { ...json, interviewConfig: { ...config, webhookUrl } };
}
