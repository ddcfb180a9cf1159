import { nextVersion, releaseChangelog, unreleasedNotes } from '../../../scripts/lib/release';

const CHANGELOG = `# Changelog

All notable changes.

## [Unreleased]

### Added

- Queue-mode e2e.

## [0.1.0] - 2026-11-01

### Added

- First version.
`;

describe('release: next version', () => {
	it.each([
		['0.1.0', 'patch', '0.1.1'],
		['0.1.9', 'minor', '0.2.0'],
		['0.9.3', 'major', '1.0.0'],
		['0.1.0', '0.3.0', '0.3.0'],
	])('%s + %s = %s', (current, requested, expected) => {
		expect(nextVersion(current, requested)).toBe(expected);
	});

	it('refuses a version that is not greater, and anything else', () => {
		expect(() => nextVersion('0.2.0', '0.1.9')).toThrow('not greater');
		expect(() => nextVersion('0.2.0', '0.2.0')).toThrow('not greater');
		expect(() => nextVersion('0.2.0', 'v0.3.0')).toThrow('neither patch');
		expect(() => nextVersion('0.2.0-rc.1', 'patch')).toThrow('is not x.y.z');
	});
});

describe('release: changelog', () => {
	it('moves the Unreleased notes into the new version and leaves Unreleased empty', () => {
		const released = releaseChangelog(CHANGELOG, '0.2.0', '2026-11-22', ['ignored subject']);
		expect(released).toBe(`# Changelog

All notable changes.

## [Unreleased]

## [0.2.0] - 2026-11-22

### Added

- Queue-mode e2e.

## [0.1.0] - 2026-11-01

### Added

- First version.
`);
		expect(unreleasedNotes(released)).toBe('');
	});

	it('lists the commit subjects when nothing was written under Unreleased', () => {
		const empty = releaseChangelog(CHANGELOG, '0.2.0', '2026-11-22', []);
		const next = releaseChangelog(empty, '0.2.1', '2026-11-23', ['Fix a thing', 'Docs']);
		expect(next).toContain('## [0.2.1] - 2026-11-23\n\n### Changed\n\n- Fix a thing\n- Docs\n\n## [0.2.0]');
	});

	it('refuses an empty release, a version already there, and a changelog without Unreleased', () => {
		const empty = releaseChangelog(CHANGELOG, '0.2.0', '2026-11-22', []);
		expect(() => releaseChangelog(empty, '0.2.1', '2026-11-23', [])).toThrow('nothing to release');
		expect(() => releaseChangelog(CHANGELOG, '0.1.0', '2026-11-23', [])).toThrow('already has a section');
		expect(() => releaseChangelog('# Changelog\n', '0.2.0', '2026-11-23', ['x'])).toThrow('no "## [Unreleased]"');
	});
});
