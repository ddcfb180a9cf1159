import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback webhook receiver that records what it gets (the raw bytes too) and answers `status`. */
export async function startReceiver(status = 200) {
	const received: Array<{ headers: IncomingMessage['headers']; body: unknown; raw: string }> = [];
	const server: Server = createServer((request, response) => {
		let raw = '';
		request.on('data', (chunk) => (raw += chunk));
		request.on('end', () => {
			received.push({ headers: request.headers, body: JSON.parse(raw), raw });
			response.writeHead(status).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
	const close = () =>
		new Promise<void>((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		});
	return { url, received, close };
}
