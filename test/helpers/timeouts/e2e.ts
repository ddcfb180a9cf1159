// One real n8n per file: installing, starting and driving it takes minutes, bounded here.
jest.setTimeout(600_000);
