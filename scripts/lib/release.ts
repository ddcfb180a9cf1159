/**
 * The pure part of `npm run release`: the next version and the CHANGELOG.md section for it.
 * CHANGELOG.md follows keepachangelog.com: hand-written notes go under `## [Unreleased]`; a
 * release turns them into `## [x.y.z] - date`. With no notes, the commit subjects since the
 * previous tag become the section, so no release goes out undescribed.
 */

export type Bump = 'patch' | 'minor' | 'major';

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;
const UNRELEASED = '## [Unreleased]';

/** `patch` / `minor` / `major` of `current`, or an explicit `x.y.z` that must be greater. */
export function nextVersion(current: string, requested: string): string {
	const parts = SEMVER.exec(current);
	if (!parts) throw new Error(`package.json version "${current}" is not x.y.z`);
	const [major, minor, patch] = parts.slice(1).map(Number);
	if (requested === 'major') return `${major + 1}.0.0`;
	if (requested === 'minor') return `${major}.${minor + 1}.0`;
	if (requested === 'patch') return `${major}.${minor}.${patch + 1}`;
	const wanted = SEMVER.exec(requested);
	if (!wanted) throw new Error(`"${requested}" is neither patch, minor, major nor a version x.y.z`);
	const rank = (v: number[]) => v[0] * 1e12 + v[1] * 1e6 + v[2];
	if (rank(wanted.slice(1).map(Number)) <= rank([major, minor, patch])) {
		throw new Error(`${requested} is not greater than the current version ${current}`);
	}
	return requested;
}

/** The notes under `## [Unreleased]` (up to the next `## ` heading), trimmed. */
export function unreleasedNotes(changelog: string): string {
	const start = changelog.indexOf(UNRELEASED);
	if (start === -1) throw new Error(`CHANGELOG.md has no "${UNRELEASED}" heading`);
	const body = changelog.slice(start + UNRELEASED.length);
	const end = body.search(/^## /m);
	return (end === -1 ? body : body.slice(0, end)).trim();
}

/**
 * The changelog with the Unreleased notes (or, when there are none, `commits` as a list under
 * "Changed") moved into a new `## [version] - date` section; `## [Unreleased]` stays, empty.
 */
export function releaseChangelog(changelog: string, version: string, date: string, commits: string[]): string {
	if (changelog.includes(`## [${version}]`)) throw new Error(`CHANGELOG.md already has a section for ${version}`);
	const notes = unreleasedNotes(changelog);
	const body = notes !== '' ? notes : `### Changed\n\n${commits.map((subject) => `- ${subject}`).join('\n')}`;
	if (notes === '' && commits.length === 0) throw new Error('nothing to release: no Unreleased notes and no commits since the last tag');
	const start = changelog.indexOf(UNRELEASED);
	const afterHeading = changelog.slice(start + UNRELEASED.length);
	const end = afterHeading.search(/^## /m);
	const rest = end === -1 ? '' : afterHeading.slice(end);
	return `${changelog.slice(0, start)}${UNRELEASED}\n\n## [${version}] - ${date}\n\n${body}\n${rest === '' ? '' : `\n${rest}`}`;
}
