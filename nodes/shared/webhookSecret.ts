import type { IDataObject } from 'n8n-workflow';

/** Carries the trigger's secret in the webhook URL it registers: whoever knows it can send completions, so outputs never show it. */
export const SECRET_QUERY_PARAMETER = 'secret';

const SECRET_IN_QUERY = new RegExp(`([?&]${SECRET_QUERY_PARAMETER}=)[^&#]*`, 'g');

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
