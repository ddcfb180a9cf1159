import type { IExecuteFunctions, IHookFunctions, ILoadOptionsFunctions, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';

/** Every n8n context that talks to the Interview Service: the action node, trigger hooks, the picker, polls and webhooks. */
export type InterviewServiceContext = IExecuteFunctions | IHookFunctions | ILoadOptionsFunctions | IPollFunctions | IWebhookFunctions;
