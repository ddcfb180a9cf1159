const path = require('path');
const { src, dest, parallel } = require('gulp');

/** Icons and codex JSON are not compiled by tsc; copy them next to the compiled files. */
function copyIcons() {
	return src(['icons/**/*.svg', 'nodes/**/*.svg', 'credentials/**/*.svg'], { base: '.', allowEmpty: true }).pipe(
		dest('dist'),
	);
}

function copyCodex() {
	return src('nodes/**/*.node.json', { base: '.', allowEmpty: true }).pipe(dest(path.resolve('dist')));
}

exports['build:assets'] = parallel(copyIcons, copyCodex);
