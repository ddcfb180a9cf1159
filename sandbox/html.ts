/** Server-rendered pages of the sandbox (the candidate's page, the stand-in ATS): escaping and one layout. */

/** Markup that is already safe; anything else put into `html` is escaped. */
export class SafeHtml {
	constructor(readonly text: string) {}

	toString() {
		return this.text;
	}
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

function fragment(value: unknown): string {
	if (value instanceof SafeHtml) return value.text;
	if (Array.isArray(value)) return value.map(fragment).join('');
	if (value === null || value === undefined || value === false) return '';
	return escapeHtml(String(value));
}

/** A template tag: every value is escaped unless it is SafeHtml (or a list of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
	return new SafeHtml(strings.reduce((out, text, index) => out + text + (index < values.length ? fragment(values[index]) : ''), ''));
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
header { border-bottom: 1px solid #d0d7de; margin-bottom: 1.5rem; }
header small { color: #59636e; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
input, textarea { width: 100%; box-sizing: border-box; padding: .4rem; font: inherit; }
input[readonly] { background: #f6f8fa; }
details { margin: 1.5rem 0; }
button { margin-top: 1.5rem; padding: .6rem 1.6rem; font: inherit; font-weight: 600; background: #1f883d; color: #fff; border: 0; border-radius: 6px; cursor: pointer; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #d0d7de; vertical-align: top; overflow-wrap: anywhere; }
pre { background: #f6f8fa; padding: .5rem; overflow-x: auto; white-space: pre-wrap; }
.note { background: #fff8c5; padding: .5rem .75rem; border-radius: 6px; }
.error { background: #ffebe9; padding: .5rem .75rem; border-radius: 6px; }
`;

/** A whole page: title, the sandbox's header, the body. */
export function page(title: string, body: SafeHtml): string {
	return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${new SafeHtml(STYLE)}</style></head>
<body>
<header><small>Interview Service sandbox, the local stand-in for the real service</small></header>
${body}
</body>
</html>
`.text;
}
