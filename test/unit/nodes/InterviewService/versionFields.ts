import type { INodeProperties } from 'n8n-workflow';

import { InterviewService } from '../../../../nodes/InterviewService/InterviewService.node';

const { description } = new InterviewService();

/** Whether a field shows for a node version (its `@version`, when it has one). */
const showsFor = (property: INodeProperties, version: number) => {
	const versions = property.displayOptions?.show?.['@version'] as number[] | undefined;
	return versions === undefined || versions.includes(version);
};

/** The operation's top-level fields of one version. */
export function fieldsOf(resource: string, operation: string, version: number): INodeProperties[] {
	return description.properties.filter(
		(property) =>
			property.displayOptions?.show?.resource?.includes(resource) === true &&
			property.displayOptions.show.operation?.includes(operation) === true &&
			showsFor(property, version),
	);
}
