// A scenario drives the editor through several panels and executions of a real n8n; each step waits at most 30 s.
jest.setTimeout(240_000);
